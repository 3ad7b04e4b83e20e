// The Solver: the main search on the calling thread, helpers on threads of their own
// (docs/solver.md, "Threads").
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "link4/checkpoint.hpp"
#include "link4/searcher.hpp"
#include "link4/solver.hpp"

#ifndef _WIN32
#include <unistd.h>
#endif

namespace link4 {
namespace {

// The process the calling thread runs in: a Solver's helper threads belong to the
// process that started them, and a child made by fork() has none of them.
long current_process() {
#ifdef _WIN32
    return 0;  // no fork()
#else
    return static_cast<long>(getpid());
#endif
}

}  // namespace

// The helper threads of a Solver, and the BusyTable they share with its main search.
// Each has its own Searcher on the Solver's table and the main search's near-end table,
// and sleeps until a search starts; then it works on the same position until the main
// search is over.
template <typename G>
class Solver<G>::Helpers {
  public:
    enum class Task : std::uint8_t {
        kScore,    // the score of the position, probed on the helper's own schedule
        kFollow,   // the score of the position, through the main search's probes
        kColumns,  // the score of each child, from a column of the helper's own
        kTies,     // which columns are worth the book's score, from a column of its own
    };

    Helpers(G g, TableOf<G>& table, TableOf<G>& near_table, int count) {
        workers_.reserve(static_cast<std::size_t>(count));
        for (int i = 0; i < count; ++i) {
            workers_.push_back(std::make_unique<Worker>(g, table, near_table));
            workers_.back()->searcher.set_busy_table(&busy_table_);
            workers_.back()->searcher.set_probe_share(&probe_share_, false);
            workers_.back()->searcher.set_node_tallies(&tally_, nullptr);
            // Probes beside the main search's: +1, -1, +2, -2, ...
            workers_.back()->searcher.set_probe_bias(i % 2 ? -(i / 2 + 1) : i / 2 + 1);
        }
        try {
            for (int i = 0; i < count; ++i) {
                Worker* w = workers_[static_cast<std::size_t>(i)].get();
                w->thread = std::thread([this, w, i] { loop(*w, i + 1); });
            }
        } catch (...) {  // no more threads: stop those already started
            quit();
            throw;
        }
    }

    ~Helpers() { quit(); }

    int count() const { return static_cast<int>(workers_.size()); }
    BusyTable& busy_table() { return busy_table_; }
    ProbeShare& probe_share() { return probe_share_; }
    // The helpers' nodes in the current job so far (counted every 1024 nodes or so).
    const std::atomic<std::uint64_t>& tally() const { return tally_; }

    // False in a child made by fork(): the threads, and the waits on the locks and
    // conditions below, are the parent's.
    bool in_this_process() const { return owner_ == current_process(); }

    void for_each(const auto& f) {
        for (auto& w : workers_) f(w->searcher);
    }

    // Start every helper on `pos` with the main thread's request `mine`: its weak, its
    // order and its share of the node limit, not the rest (the poll belongs to the calling
    // thread, and the main search stops the helpers when its own time is up). With
    // kTies, the helpers ask the columns in the request's order, each from a later one
    // than the last.
    void start(const Position& pos, const SearchRequest& mine, Task task) {
        std::lock_guard lock(mutex_);
        for (auto& w : workers_) w->searcher.abort_flag().store(false);
        pos_ = pos;
        request_ = SearchRequest{};
        request_.weak = mine.weak;
        request_.order = mine.order;
        request_.limits.max_nodes = mine.limits.max_nodes;
        task_ = task;
        tally_.store(0, std::memory_order_relaxed);
        probe_share_.reset();
        busy_ = count();
        ++job_;
        wake_.notify_all();
    }

    // Stop the helpers and wait for them; their nodes.
    std::uint64_t stop() {
        for (auto& w : workers_) w->searcher.abort_flag().store(true);
        probe_share_.close();  // (a helper may be waiting for a probe)
        std::unique_lock lock(mutex_);
        idle_.wait(lock, [this] { return busy_ == 0; });
        std::uint64_t nodes = 0;
        for (auto& w : workers_) nodes += w->nodes;
        return nodes;
    }

  private:
    struct Worker {
        Worker(G g, TableOf<G>& table, TableOf<G>& near_table) : searcher(g, table, &near_table) {}
        Searcher<G> searcher;
        std::thread thread;
        std::uint64_t nodes = 0;  // in the last job
    };

    void quit() {
        {
            std::lock_guard lock(mutex_);
            quit_ = true;
        }
        wake_.notify_all();
        for (auto& w : workers_)
            if (w->thread.joinable()) w->thread.join();
    }

    // The score of each child of `pos`, from the `index`-th column of the centre order
    // on; the nodes searched.
    static std::uint64_t score_children(Searcher<G>& searcher, const Position& pos,
                                        SearchRequest request, int index) {
        const std::uint64_t max_nodes = request.limits.max_nodes;
        std::uint64_t nodes = 0;
        const G& g = pos.geometry();
        for (int i = 0; i < g.width(); ++i) {
            const int col = g.shape().centre_order[static_cast<std::size_t>((i + index) % g.width())];
            if (!pos.can_play(col)) continue;
            Position child = pos;
            child.play(col);
            if (child.is_over()) continue;
            if (max_nodes && nodes >= max_nodes) break;
            if (max_nodes) request.limits.max_nodes = max_nodes - nodes;
            const SearchResult r = searcher.search(child, request);
            nodes += r.nodes;
            if (r.stop != StopReason::kNone) break;
        }
        return nodes;
    }

    // The `index`-th helper (from 1): each job in turn, until quit.
    void loop(Worker& w, int index) {
        std::uint64_t seen = 0;
        std::unique_lock lock(mutex_);
        for (;;) {
            wake_.wait(lock, [&] { return quit_ || job_ != seen; });
            if (quit_) return;
            seen = job_;
            const Position pos = *pos_;
            const SearchRequest request = request_;  // want: the score
            const Task task = task_;
            lock.unlock();

            std::uint64_t nodes = 0;
            if (task == Task::kScore) {
                nodes = w.searcher.search(pos, request).nodes;
            } else if (task == Task::kFollow) {
                nodes = w.searcher.follow_probes(pos, request);
            } else if (task == Task::kTies) {
                nodes = w.searcher.probe_columns(pos, request, index);
            } else {
                nodes = score_children(w.searcher, pos, request, index);
            }

            lock.lock();
            w.nodes = nodes;
            if (--busy_ == 0) idle_.notify_all();
        }
    }

    const long owner_ = current_process();
    BusyTable busy_table_;
    ProbeShare probe_share_;
    std::atomic<std::uint64_t> tally_{0};
    std::vector<std::unique_ptr<Worker>> workers_;
    std::mutex mutex_;
    std::condition_variable wake_;  // a job, or quit
    std::condition_variable idle_;  // every helper done with the job
    std::uint64_t job_ = 0;         // jobs started so far
    int busy_ = 0;                  // helpers still on the current job
    bool quit_ = false;
    // The current job.
    std::optional<Position> pos_;
    SearchRequest request_;
    Task task_ = Task::kScore;
};

template <typename G>
Solver<G>::Solver(G g, std::size_t table_bytes, int threads)
    : g_(g), table_(table_bytes), main_(std::make_unique<Searcher<G>>(g, table_)) {
    if (threads < 1) threads = 1;
    if (threads > kMaxThreads) threads = kMaxThreads;
    if (threads > 1) start_helpers(threads - 1);
}

template <typename G>
Solver<G>::~Solver() { forget_forked_helpers(); }

template <typename G>
void Solver<G>::start_helpers(int count) {
    helpers_ = std::make_unique<Helpers>(g_, table_, main_->own_tables().first, count);
    main_->set_busy_table(&helpers_->busy_table());
    main_->set_probe_share(&helpers_->probe_share(), true);
    main_->set_node_tallies(nullptr, &helpers_->tally());
    helpers_->for_each([&](Searcher<G>& s) { s.set_book(main_->book()); });
}

template <typename G>
int Solver<G>::forget_forked_helpers() {
    if (!helpers_ || helpers_->in_this_process()) return 0;
    // A child made by fork(): the helpers' threads do not exist here, and joining them,
    // or destroying the conditions they waited on, would wait forever. Their memory is
    // the parent's copy: leave it be.
    const int count = helpers_->count();
    (void)helpers_.release();
    return count;
}

template <typename G>
int Solver<G>::threads() const { return 1 + (helpers_ ? helpers_->count() : 0); }

template <typename G>
const std::shared_ptr<const Book<G>>& Solver<G>::book() const { return main_->book(); }

template <typename G>
void Solver<G>::set_book(std::shared_ptr<const Book> book) {
    if (helpers_) helpers_->for_each([&](Searcher<G>& s) { s.set_book(book); });
    main_->set_book(std::move(book));
}

template <typename G>
void Solver<G>::clear_table() {
    table_.clear();
    main_->clear_own_tables();
    if (helpers_) helpers_->for_each([](Searcher<G>& s) { s.clear_own_tables(); });
}

template <typename G>
std::optional<SearchRequest> Solver<G>::begin_search(const SearchRequest& request) {
    main_->abort_flag().store(false);  // (a helper of the last search may have raised it)
    if (const int count = forget_forked_helpers()) start_helpers(count);
    const auto n = static_cast<std::uint64_t>(threads());
    // One thread, or a node limit too small to share out: the calling thread alone.
    const std::uint64_t max_nodes = request.limits.max_nodes;
    if (!helpers_ || (max_nodes && max_nodes < n)) return std::nullopt;
    SearchRequest mine = request;
    mine.limits.max_nodes = max_nodes / n;  // each thread's share (0: no limit)
    return mine;
}

template <typename G>
SearchResult Solver<G>::search(const Position& pos, const SearchRequest& request) {
    const auto mine = begin_search(request);
    if (!mine) return main_->search(pos, request);
    // When only the score is wanted, the helpers join the main search's probes, and an
    // answer from any thread settles a probe. With a move wanted, the helpers prove the
    // score on probes of their own beside the main search's, which its per-column
    // bounds read through the table; when the book holds the score, they ask the
    // columns whether they are worth it instead, each from a later column of the
    // request's order than the main search and the helpers before it.
    using Task = typename Helpers::Task;
    Task task = Task::kFollow;
    if (request.want != Want::kScore) task = book() && book()->get(pos) ? Task::kTies : Task::kScore;
    helpers_->start(pos, *mine, task);
    SearchResult r = main_->search(pos, *mine);
    r.helper_nodes = helpers_->stop();
    r.nodes += r.helper_nodes;
    return r;
}

template <typename G>
Analysis Solver<G>::analyze(const Position& pos, const SearchRequest& request) {
    const auto mine = begin_search(request);
    if (!mine) return main_->analyze(pos, request);
    helpers_->start(pos, *mine, Helpers::Task::kColumns);
    Analysis a = main_->analyze(pos, *mine);
    a.helper_nodes = helpers_->stop();
    a.nodes += a.helper_nodes;
    return a;
}

template <typename G>
CheckpointError Solver<G>::save_checkpoint(const std::string& path, CheckpointState state) const {
    state.width = g_.width();
    state.height = g_.height();
    state.inarow = g_.inarow();
    const auto [near, last] = std::as_const(*main_).own_tables();
    return write_checkpoint<TableOf<G>>(path, {&table_, &near, &last}, state);
}

template <typename G>
CheckpointError Solver<G>::load_checkpoint(const std::string& path, CheckpointState& state) {
    // The threads' own tables hold what the table did before: nothing of the checkpoint.
    clear_table();
    const auto [near, last] = main_->own_tables();
    return read_checkpoint<TableOf<G>>(path, {&table_, &near, &last}, g_.width(), g_.height(), g_.inarow(), state);
}

#define LINK4_INSTANTIATE(G) template class Solver<G>;
LINK4_FOR_EACH_GEOMETRY(LINK4_INSTANTIATE)
#undef LINK4_INSTANTIATE

}  // namespace link4
