// Work over a range of indices shared out among threads: the batched environment's
// steps, where each index is one environment and the work per index varies (a random
// move takes nanoseconds, a search milliseconds).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <thread>
#include <vector>

namespace link4 {

// A chunk of a range of `count`: about a sixteenth of it (so that threads finishing at
// different times share out the rest), at least 1, at most `most`.
inline std::size_t chunk_for(std::size_t count, std::size_t most) {
    return std::max<std::size_t>(1, std::min<std::size_t>(most, count / 16));
}

// Calls work(begin, end, thread) for consecutive chunks of [0, count), each chunk on one
// of `threads` threads (the calling thread is thread 0), handing out the next chunk to
// whichever thread is free so that slow chunks do not hold the others up. Returns when
// every chunk is done; the first exception a thread threw is rethrown here.
template <typename Work>
void for_chunks(std::size_t count, int threads, std::size_t chunk, Work&& work) {
    const std::size_t chunks = (count + chunk - 1) / chunk;
    const int used = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(std::max(threads, 1)), chunks));
    if (used <= 1) {
        if (count) work(std::size_t{0}, count, 0);
        return;
    }
    std::atomic<std::size_t> next{0};
    std::atomic<bool> failed{false};
    std::exception_ptr failure;
    const auto run = [&](int thread) {
        try {
            for (std::size_t c; !failed.load(std::memory_order_relaxed) && (c = next.fetch_add(1)) < chunks;)
                work(c * chunk, std::min(count, (c + 1) * chunk), thread);
        } catch (...) {
            if (!failed.exchange(true)) failure = std::current_exception();
        }
    };
    std::vector<std::thread> helpers;
    helpers.reserve(static_cast<std::size_t>(used - 1));
    for (int t = 1; t < used; ++t) helpers.emplace_back(run, t);
    run(0);
    for (auto& h : helpers) h.join();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace link4
