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

#include "any_book.hpp"
#include "common.hpp"
#include "sized_results.hpp"
#include "link4/batch.hpp"
#include "link4/book.hpp"

namespace link4::bindings {
namespace {

using OptionalBook = std::optional<std::shared_ptr<AnyBook>>;  // None: no book

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
template <typename G>
bool run(Batch<G>& batch, py::object progress) {
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

// The game every position and the book share: a batch is for one board size and line.
struct BatchGame {
    int width = Standard::width(), height = Standard::height(), inarow = kConnectFour;
};
BatchGame batch_game(const std::vector<AnyPosition>& positions, const OptionalBook& book) {
    BatchGame game;
    if (book) game = {(*book)->width(), (*book)->height(), (*book)->inarow()};
    else if (!positions.empty()) game = {positions[0].width, positions[0].height, positions[0].inarow};
    for (const AnyPosition& p : positions)
        if (p.width != game.width || p.height != game.height || p.inarow != game.inarow)
            raise_size_mismatch("position", p.width, p.height, p.inarow, game.width, game.height,
                                game.inarow);
    return game;
}

// (per position its result when done, whether Ctrl-C stopped the batch). `Sized` is the
// answer as Python holds it, made of the item and the board's width.
template <typename Sized>
std::tuple<std::vector<std::optional<Sized>>, bool> run_batch(
    const std::vector<AnyPosition>& positions, const SearchRequest& request, bool analyze,
    int threads, std::size_t table_bytes, const OptionalBook& book, py::object progress) {
    const auto [width, height, inarow] = batch_game(positions, book);
    return with_geometry(width, height, inarow, [&](const auto& g) {
        using G = std::decay_t<decltype(g)>;
        BatchOptions<G> options;
        options.request = request;
        options.analyze = analyze;
        options.threads = threads;
        options.table_bytes = table_bytes;
        if (book) options.book = (*book)->shared<G>();
        std::vector<Position<G>> typed_positions;
        typed_positions.reserve(positions.size());
        for (const AnyPosition& p : positions) typed_positions.push_back(typed(g, p));
        Batch<G> batch(g, std::move(typed_positions), options);
        const bool interrupted = run(batch, std::move(progress));
        std::vector<std::optional<Sized>> items;
        items.reserve(batch.size());
        for (const BatchItem& item : batch.items()) {
            if (!item.done) {
                items.emplace_back();
            } else if constexpr (std::is_same_v<Sized, SizedAnalysis>) {
                items.push_back(Sized{item.analysis, width});
            } else {
                items.push_back(Sized{item.result, width});
            }
        }
        return std::make_tuple(std::move(items), interrupted);
    });
}

std::tuple<std::vector<std::optional<SizedResult>>, bool> search_many(
    const std::vector<AnyPosition>& positions, const SearchRequest& request, int threads,
    std::size_t table_bytes, const OptionalBook& book, py::object progress) {
    return run_batch<SizedResult>(positions, request, false, threads, table_bytes, book,
                                  std::move(progress));
}

// The same for analyses (of the request, its weak and limits): every column's bounds.
std::tuple<std::vector<std::optional<SizedAnalysis>>, bool> analyze_many(
    const std::vector<AnyPosition>& positions, const SearchRequest& request, int threads,
    std::size_t table_bytes, const OptionalBook& book, py::object progress) {
    return run_batch<SizedAnalysis>(positions, request, true, threads, table_bytes, book,
                                    std::move(progress));
}

}  // namespace

void register_batch(py::module_& m) {
    m.def("search_many", &search_many, py::arg("positions"), py::arg("request"),
          py::arg("threads"), py::arg("table_bytes"), py::arg("book"), py::arg("progress"));
    m.def("analyze_many", &analyze_many, py::arg("positions"), py::arg("request"),
          py::arg("threads"), py::arg("table_bytes"), py::arg("book"), py::arg("progress"));
}

}  // namespace link4::bindings
