// Progress reports and checkpoints of a search, and checkpoint files read from Python.
#include "long_search.hpp"

#include <pybind11/stl.h>

#include <algorithm>
#include <optional>
#include <tuple>
#include <vector>

namespace link4::bindings {

void LongSearch::start(SearchRequest& request, int width,
                       std::function<CheckpointError(const CheckpointState&)> save) {
    width_ = width;
    save_ = std::move(save);
    next_progress_ = progress_every_;
    next_checkpoint_ = checkpoint_every_;
    error_ = CheckpointError::kNone;
    raised_ = false;
    double every = 0;
    if (!progress_.is_none()) every = progress_every_;
    if (!checkpoint_.empty() && checkpoint_every_ > 0)
        every = every > 0 ? std::min(every, checkpoint_every_) : checkpoint_every_;
    if (every > 0) request.progress = {every, &LongSearch::report, this};
    // Ctrl-C as before, and a failed report stops the search too.
    request.limits.poll = &LongSearch::poll;
    request.limits.poll_arg = this;
    request.probe_costs = base_.probe_costs;
}

CheckpointState LongSearch::state_of(const SearchProgress& progress) const {
    CheckpointState state = base_;
    state.nodes += progress.nodes;
    state.seconds += progress.seconds;
    state.lower = progress.lower;
    state.upper = progress.upper;
    state.probe_costs = progress.probe_costs;
    return state;
}

void LongSearch::report(void* self, const SearchProgress& progress) {
    auto& search = *static_cast<LongSearch*>(self);
    if (!search.checkpoint_.empty() && search.checkpoint_every_ > 0 &&
        progress.seconds >= search.next_checkpoint_ && search.error_ == CheckpointError::kNone) {
        search.error_ = search.save_(search.state_of(progress));
        search.next_checkpoint_ = progress.seconds + search.checkpoint_every_;
    }
    if (!search.progress_.is_none() && progress.seconds >= search.next_progress_ && !search.raised_) {
        search.call_progress(progress);
        search.next_progress_ = progress.seconds + search.progress_every_;
    }
}

void LongSearch::call_progress(const SearchProgress& progress) {
    if (exiting()) return;  // never take the GIL back while Python exits
    py::gil_scoped_acquire gil;
    std::vector<std::optional<std::tuple<int, int>>> columns(static_cast<std::size_t>(width_));
    for (int c = 0; c < width_; ++c) {
        const ColumnValue& v = progress.columns[static_cast<std::size_t>(c)];
        if (v.legal) columns[static_cast<std::size_t>(c)] = std::make_tuple(v.lower, v.upper);
    }
    try {
        progress_(progress.seconds, progress.nodes, progress.lower, progress.upper, columns);
    } catch (py::error_already_set& e) {
        e.restore();  // raised once the search has stopped
        raised_ = true;
    }
}

bool LongSearch::poll(void* self) {
    const auto& search = *static_cast<const LongSearch*>(self);
    return search.raised_ || search.error_ != CheckpointError::kNone || poll_signals(nullptr);
}

void LongSearch::finish() {
    if (raised_) throw py::error_already_set();
    if (error_ != CheckpointError::kNone) raise_checkpoint_error(error_, checkpoint_);
}

void raise_checkpoint_error(CheckpointError error, const std::string& path) {
    const char* reason = "";
    switch (error) {
        case CheckpointError::kNone: break;
        case CheckpointError::kUnreadable: reason = "unreadable"; break;
        case CheckpointError::kUnwritable: reason = "unwritable"; break;
        case CheckpointError::kTruncated: reason = "truncated"; break;
        case CheckpointError::kBadMagic: reason = "magic"; break;
        case CheckpointError::kBadVersion: reason = "version"; break;
        case CheckpointError::kBadByteOrder: reason = "byte_order"; break;
        case CheckpointError::kBadBoard: reason = "board"; break;
        case CheckpointError::kBadTable: reason = "table"; break;
        case CheckpointError::kBadChecksum: reason = "checksum"; break;
    }
    py::dict details;
    details["reason"] = reason;
    details["path"] = path;
    raise_error(ErrorCode::kCheckpoint, details);
}

namespace {

// What the checkpoint at `path` records, its table left unread.
py::dict checkpoint_header(const std::string& path) {
    CheckpointState state;
    CheckpointError error;
    {
        WithoutGil released;
        error = read_checkpoint_header(path, state);
    }
    if (error != CheckpointError::kNone) raise_checkpoint_error(error, path);
    return checkpoint_record(state);
}

}  // namespace

py::dict checkpoint_record(const CheckpointState& state) {
    py::dict d;
    d["width"] = state.width;
    d["height"] = state.height;
    d["inarow"] = state.inarow;
    d["table_bytes"] = state.table_words * 8;
    d["nodes"] = state.nodes;
    d["seconds"] = state.seconds;
    d["lower"] = state.lower;
    d["upper"] = state.upper;
    d["probe_costs"] = std::make_tuple(state.probe_costs.below, state.probe_costs.above);
    d["note"] = py::bytes(state.note);
    return d;
}

void register_long_search(py::module_& m) {
    m.attr("CHECKPOINT_VERSION") = kCheckpointVersion;
    py::class_<LongSearch>(m, "LongSearch")
        .def(py::init([](std::optional<py::function> progress, double progress_every,
                         std::optional<std::string> checkpoint,
                         double checkpoint_every, const py::bytes& note, std::uint64_t nodes, double seconds,
                         std::tuple<std::uint64_t, std::uint64_t> probe_costs) {
                 CheckpointState base;
                 base.note = note;
                 base.nodes = nodes;
                 base.seconds = seconds;
                 base.probe_costs = {std::get<0>(probe_costs), std::get<1>(probe_costs)};
                 py::object callback = progress ? py::object(*progress) : py::none();
                 return std::make_unique<LongSearch>(std::move(callback), progress_every,
                                                     checkpoint.value_or(""), checkpoint_every,
                                                     std::move(base));
             }),
             py::arg("progress") = py::none(), py::arg("progress_every") = 0.0,
             py::arg("checkpoint") = py::none(), py::arg("checkpoint_every") = 0.0,
             py::arg("note") = py::bytes(), py::arg("nodes") = 0, py::arg("seconds") = 0.0,
             py::arg("probe_costs") = std::make_tuple(std::uint64_t{0}, std::uint64_t{0}));
    m.def("checkpoint_header", &checkpoint_header, py::arg("path"),
          "What the checkpoint at path records: its board, table bytes, nodes, seconds, "
          "bounds, the costs its score guess learnt and note (its table left unread).");
}

}  // namespace link4::bindings
