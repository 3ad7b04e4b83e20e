// Bindings for batches: the engine's Batch runs its workers without the GIL while this
// thread reports progress and watches for Ctrl-C.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstddef>
#include <memory>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include "common.hpp"
#include "link4/batch.hpp"

namespace link4::bindings {
namespace {

using OptionalBook = std::optional<std::shared_ptr<Book>>;  // None: no book

struct Watch {
    py::object progress;  // progress(done, total), or None
    std::size_t total = 0;
    std::size_t reported = static_cast<std::size_t>(-1);
};

// Called by Batch::run about every 20 ms: Python's signal handlers, then progress.
bool tick(void* arg, std::size_t done) {
    auto* watch = static_cast<Watch*>(arg);
    if (exiting()) return true;  // never take the GIL back while Python exits
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0) return true;
    if (!watch->progress.is_none() && done != watch->reported) {
        watch->reported = done;
        try {
            watch->progress(done, watch->total);
        } catch (py::error_already_set& e) {
            e.restore();
            return true;
        }
    }
    return false;
}

// Runs the batch without the GIL. True when Ctrl-C stopped it (the KeyboardInterrupt is
// then cleared: link4 raises Interrupted, carrying the finished results).
bool run(Batch& batch, py::object progress) {
    Watch watch{std::move(progress), batch.size()};
    {
        WithoutGil released;
        batch.run(tick, &watch);
    }
    if (!PyErr_Occurred()) return false;
    if (!PyErr_ExceptionMatches(PyExc_KeyboardInterrupt)) throw py::error_already_set();
    PyErr_Clear();
    return true;
}

BatchOptions make_options(bool weak, int threads, std::size_t table_bytes,
                          std::optional<std::uint64_t> max_nodes,
                          std::optional<double> max_seconds, OptionalBook book) {
    BatchOptions options;
    if (book) options.book = std::move(*book);
    options.weak = weak;
    options.threads = threads;
    options.table_bytes = table_bytes;
    const SearchLimits limits = make_limits(max_nodes, max_seconds);
    options.max_nodes = limits.max_nodes;
    options.max_seconds = limits.max_seconds;
    return options;
}

// Per position: its status, and `field` of its item when it was done.
template <typename T>
using Items = std::vector<std::tuple<BatchStatus, std::optional<T>>>;

template <typename T>
Items<T> results(const Batch& batch, T BatchItem::*field) {
    Items<T> items;
    items.reserve(batch.size());
    for (const BatchItem& item : batch.items()) {
        std::optional<T> value;
        if (item.status == BatchStatus::kDone) value = item.*field;
        items.emplace_back(item.status, std::move(value));
    }
    return items;
}

// (per position: its status and its result when done, whether Ctrl-C stopped the batch).
std::tuple<Items<SearchResult>, bool> search_many(std::vector<Position> positions, bool weak,
                                                bool want_move, int threads,
                                                std::size_t table_bytes,
                                                std::optional<std::uint64_t> max_nodes,
                                                std::optional<double> max_seconds,
                                                OptionalBook book,
                                                py::object progress) {
    BatchOptions options =
        make_options(weak, threads, table_bytes, max_nodes, max_seconds, std::move(book));
    options.want_move = want_move;
    Batch batch(std::move(positions), options);
    const bool interrupted = run(batch, std::move(progress));
    return {results(batch, &BatchItem::result), interrupted};
}

// The same for analyses: every column's bounds per position.
std::tuple<Items<Analysis>, bool> analyze_many(
    std::vector<Position> positions, bool weak, int threads, std::size_t table_bytes,
    std::optional<std::uint64_t> max_nodes, std::optional<double> max_seconds,
    OptionalBook book, py::object progress) {
    BatchOptions options =
        make_options(weak, threads, table_bytes, max_nodes, max_seconds, std::move(book));
    options.analyze = true;
    Batch batch(std::move(positions), options);
    const bool interrupted = run(batch, std::move(progress));
    return {results(batch, &BatchItem::analysis), interrupted};
}

}  // namespace

void register_batch(py::module_& m) {
    py::enum_<BatchStatus>(m, "BatchStatus")
        .value("PENDING", BatchStatus::kPending)
        .value("DONE", BatchStatus::kDone)
        .value("GAME_OVER", BatchStatus::kGameOver);

    m.def("search_many", &search_many, py::arg("positions"), py::arg("weak"),
          py::arg("want_move"), py::arg("threads"), py::arg("table_bytes"),
          py::arg("max_nodes"), py::arg("max_seconds"), py::arg("book"), py::arg("progress"));
    m.def("analyze_many", &analyze_many, py::arg("positions"), py::arg("weak"),
          py::arg("threads"), py::arg("table_bytes"), py::arg("max_nodes"),
          py::arg("max_seconds"), py::arg("book"), py::arg("progress"));
}

}  // namespace link4::bindings
