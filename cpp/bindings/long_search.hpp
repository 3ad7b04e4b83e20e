// A search that reports as it goes and writes checkpoints (link4._core.LongSearch): the
// bindings' side of SearchRequest::progress, for the solver's bindings.
#pragma once

#include <pybind11/pybind11.h>

#include <chrono>
#include <functional>
#include <string>

#include "common.hpp"
#include "link4/checkpoint.hpp"
#include "link4/solver.hpp"

namespace link4::bindings {

class LongSearch {
  public:
    // `progress` (None: no reports) is called with the GIL as progress(seconds, nodes,
    // lower, upper, columns) at most every `progress_every` seconds, columns as
    // (lower, upper) or None per column; the seconds and nodes are this search's. With a
    // `checkpoint` path, one is written there every `checkpoint_every` seconds, its
    // record `base` (the note, and the nodes and seconds of earlier runs, to which
    // this one's are added). The probe costs of `base`, what an earlier run's score
    // guess learnt, go into the search's request.
    LongSearch(py::object progress, double progress_every, std::string checkpoint,
               double checkpoint_every, CheckpointState base)
        : progress_(std::move(progress)), progress_every_(progress_every),
          checkpoint_(std::move(checkpoint)), checkpoint_every_(checkpoint_every),
          base_(std::move(base)) {}

    // Sets `request` to report here and to stop when a report failed; `save` writes a
    // checkpoint of the searching solver's table. Until finish().
    void start(SearchRequest& request, int width,
               std::function<CheckpointError(const CheckpointState&)> save);
    // After the search, with the GIL: raises what a report raised, or the error of a
    // checkpoint that could not be written.
    void finish();

    // The record a checkpoint of `progress` holds.
    CheckpointState state_of(const SearchProgress& progress) const;
    const std::string& checkpoint() const { return checkpoint_; }
    const CheckpointState& base() const { return base_; }

  private:
    static void report(void* self, const SearchProgress& progress);
    static bool poll(void* self);
    void call_progress(const SearchProgress& progress);

    py::object progress_;
    double progress_every_;
    std::string checkpoint_;
    double checkpoint_every_;
    CheckpointState base_;
    int width_ = 0;
    std::function<CheckpointError(const CheckpointState&)> save_;
    double next_progress_ = 0, next_checkpoint_ = 0;  // in the search's seconds
    CheckpointError error_ = CheckpointError::kNone;
    bool raised_ = false;  // the progress callback raised: its error is in the indicator
};

// Raises link4.CheckpointError for `error` about the file at `path`.
[[noreturn]] void raise_checkpoint_error(CheckpointError error, const std::string& path);

// A checkpoint's record as a dict: width, height, table_bytes, nodes, seconds, lower,
// upper and note (bytes).
py::dict checkpoint_record(const CheckpointState& state);

void register_long_search(py::module_& m);

}  // namespace link4::bindings
