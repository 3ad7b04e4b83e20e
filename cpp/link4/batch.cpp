#include "link4/batch.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <thread>
#include <utility>

namespace link4 {

template <typename G>
Batch<G>::Batch(G g, std::vector<Position<G>> positions, const BatchOptions<G>& options)
    : g_(g), positions_(std::move(positions)), options_(options), items_(positions_.size()) {
    for (std::size_t i = 0; i < positions_.size(); ++i) {
        if (positions_[i].is_over()) done_.fetch_add(1, std::memory_order_relaxed);
    }
}

template <typename G>
void Batch<G>::work() {
    Solver<G> solver(g_, options_.table_bytes);
    solver.set_book(options_.book);
    SearchRequest request = options_.request;
    request.limits.stop = &stop_;
    for (std::size_t i; (i = next_.fetch_add(1)) < positions_.size();) {
        if (positions_[i].is_over()) continue;
        BatchItem& item = items_[i];
        if (options_.analyze) {
            item.analysis = solver.analyze(positions_[i], request);
            item.result.nodes = item.analysis.nodes;
            item.result.seconds = item.analysis.seconds;
            item.result.stop = item.analysis.stop;
        } else {
            item.result = solver.search(positions_[i], request);
        }
        if (item.result.stop == StopReason::kStopped) break;  // unfinished: stays pending
        item.done = true;
        done_.fetch_add(1, std::memory_order_release);
    }
}

template <typename G>
bool Batch<G>::run(bool (*tick)(void* arg, std::size_t done), void* arg) {
    const std::size_t pending = positions_.size() - done_.load();
    const int threads = static_cast<int>(
        std::clamp<std::size_t>(static_cast<std::size_t>(std::max(options_.threads, 1)), 1,
                                std::max<std::size_t>(pending, 1)));
    std::atomic<int> running{threads};
    std::exception_ptr failure;  // a worker's table that could not be allocated
    std::atomic<bool> failed{false};
    std::vector<std::thread> pool;
    pool.reserve(static_cast<std::size_t>(threads));
    for (int t = 0; t < threads; ++t) {
        pool.emplace_back([&] {
            try {
                work();
            } catch (...) {
                if (!failed.exchange(true)) failure = std::current_exception();
                stop_.store(true);
            }
            running.fetch_sub(1);
        });
    }
    bool stopped = false;
    while (running.load() > 0) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        if (!stopped && tick && tick(arg, done_.load(std::memory_order_acquire))) {
            stopped = true;
            stop_.store(true);
        }
    }
    for (auto& th : pool) th.join();
    if (failure) std::rethrow_exception(failure);
    if (!stopped && tick) tick(arg, done_.load());  // the final count
    return !stopped;
}

#define LINK4_INSTANTIATE(G) template class Batch<G>;
LINK4_FOR_EACH_GEOMETRY(LINK4_INSTANTIATE)
#undef LINK4_INSTANTIATE

}  // namespace link4
