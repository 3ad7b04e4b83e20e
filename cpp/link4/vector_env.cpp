#include "link4/vector_env.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <type_traits>

#include "link4/book.hpp"
#include "link4/parallel.hpp"

namespace link4 {
namespace {

// The standard board's planes a row at a time. A row's seven cells lie 7 bits apart;
// one multiplication gathers them into seven adjacent bits (each cell's bit lands on its
// own bit of the product, and no two partial products share a bit, so nothing carries
// into the seven), and a table spreads seven bits into every other byte of a 14-byte row.
constexpr std::uint64_t kRowCells = 0x0040'8102'0408'1ull;  // bits 0, 7, ..., 42
constexpr std::uint64_t kGather = [] {
    std::uint64_t k = 0;
    for (int c = 0; c < 7; ++c) k |= std::uint64_t{1} << (36 - 6 * c);
    return k;
}();
constexpr int row_bits(std::uint64_t discs, int row) {
    return static_cast<int>(((discs >> row) & kRowCells) * kGather >> 36 & 0x7f);
}
static_assert(row_bits(std::uint64_t{1} << 44 | std::uint64_t{1} << 2, 2) == 0b1000001);

struct Spread {
    std::uint64_t lo, hi;  // bytes 0-7 and 8-13 of a row: byte 2c is cell c's bit
};
constexpr std::array<Spread, 128> kSpread = [] {
    std::array<Spread, 128> t{};
    for (int m = 0; m < 128; ++m)
        for (int c = 0; c < 7; ++c) {
            const std::uint64_t bit = static_cast<std::uint64_t>(m >> c & 1);
            if (c < 4) t[m].lo |= bit << (16 * c);
            else t[m].hi |= bit << (16 * (c - 4));
        }
    return t;
}();

void write_standard_planes(std::uint64_t mine, std::uint64_t theirs, std::int8_t* planes) {
    for (int row = 0; row < 6; ++row) {
        const Spread& m = kSpread[static_cast<std::size_t>(row_bits(mine, row))];
        const Spread& t = kSpread[static_cast<std::size_t>(row_bits(theirs, row))];
        const std::uint64_t lo = m.lo | t.lo << 8, hi = m.hi | t.hi << 8;
        std::int8_t* out = planes + (5 - row) * 14;
        std::memcpy(out, &lo, 8);
        std::memcpy(out + 8, &hi, 6);
    }
}

}  // namespace

template <typename G>
void write_planes(const G& g, WordOf<G> viewer_discs, WordOf<G> other_discs, std::int8_t* planes) {
    if constexpr (std::is_same_v<G, Standard> && std::endian::native == std::endian::little) {
        write_standard_planes(viewer_discs, other_discs, planes);
    } else {
        const int width = g.width(), height = g.height();
        for (int row = 0; row < height; ++row)
            for (int col = 0; col < width; ++col) {
                const WordOf<G> at = cell(g, col, row);
                std::int8_t* out = planes + ((height - 1 - row) * width + col) * 2;
                out[0] = static_cast<std::int8_t>(static_cast<bool>(viewer_discs & at));
                out[1] = static_cast<std::int8_t>(static_cast<bool>(other_discs & at));
            }
    }
}

template <typename G>
VectorEnv<G>::VectorEnv(G g, std::size_t count, std::optional<PlayerSpec> opponent, int agent,
                        std::shared_ptr<const Book<G>> book, std::size_t table_bytes, int threads)
    : g_(g), cells_(static_cast<std::size_t>(g.cells())), envs_(count, Env{Position<G>(g), Stream::seeded(0)}),
      moves_(count * cells_, -1), scores_(count * cells_, kNoScore), agent_(agent),
      threads_(std::max(threads, 1)) {
    if (opponent)
        for (int t = 0; t < threads_; ++t) players_.emplace_back(g, *opponent, book, table_bytes);
}

template <typename G>
Player<G>* VectorEnv<G>::opponent(int thread) {
    return players_.empty() ? nullptr : &players_[static_cast<std::size_t>(thread)];
}

template <typename G>
int VectorEnv<G>::viewer(std::size_t i) const {
    const Env& e = envs_[i];
    return self_play() ? e.pos.moves() % 2 : e.agent;
}

template <typename G>
void VectorEnv<G>::play(std::size_t i, int col) {
    Env& e = envs_[i];
    moves_[i * cells_ + static_cast<std::size_t>(e.pos.moves())] = static_cast<std::int8_t>(col);
    e.pos.play(col);
}

template <typename G>
void VectorEnv<G>::start(std::size_t i, Player<G>* opponent, const EnvOutputs& out) {
    Env& e = envs_[i];
    e.pos = Position<G>(g_);
    e.over = false;
    std::fill_n(&scores_[i * cells_], cells_, kNoScore);
    e.agent = static_cast<std::int8_t>(agent_ == kAgentDrawn ? e.rng.below(2) : agent_);
    for (int ply = 0; ply < opening_plies_; ++ply) play(i, pick_column(e.pos.legal_columns(), e.rng));
    Outcome what;
    if (opponent && e.pos.moves() % 2 != e.agent) {
        std::optional<int> score;
        what.opponent_move = opponent->choose(e.pos, e.rng, &score);
        if (score) scores_[i * cells_] = static_cast<std::int8_t>(*score);
        play(i, what.opponent_move);
    }
    what.actor = e.agent;
    write(i, what, out);
}

template <typename G>
typename VectorEnv<G>::Outcome VectorEnv<G>::act(std::size_t i, std::int64_t action,
                                                 Player<G>* opponent) {
    Env& e = envs_[i];
    Outcome what;
    what.actor = e.pos.moves() % 2;
    if (action < 0 || action >= g_.width() || !e.pos.can_play(static_cast<int>(action))) {
        what.illegal = e.over = true;
        what.reward = -1;
        return what;
    }
    play(i, static_cast<int>(action));
    if (e.pos.last_mover_won()) {
        e.over = true;
        what.reward = 1;
    } else if (e.pos.is_full()) {
        e.over = true;
    } else if (opponent) {
        std::optional<int> score;
        const std::size_t ply = static_cast<std::size_t>(e.pos.moves());
        what.opponent_move = opponent->choose(e.pos, e.rng, &score);
        if (score) scores_[i * cells_ + ply] = static_cast<std::int8_t>(*score);
        play(i, what.opponent_move);
        e.over = e.pos.is_over();
        if (e.pos.last_mover_won()) what.reward = -1;
    }
    return what;
}

template <typename G>
void VectorEnv<G>::write_masks(std::size_t i, std::int8_t* out) const {
    const Env& e = envs_[i];
    const int width = g_.width();
    for (int c = 0; c < width; ++c) out[c] = static_cast<std::int8_t>(!e.over && e.pos.can_play(c));
}

template <typename G>
void VectorEnv<G>::write(std::size_t i, const Outcome& what, const EnvOutputs& out) const {
    const Env& e = envs_[i];
    const int view = viewer(i);
    if (out.observations) {
        const bool to_move = e.pos.moves() % 2 == view;
        const WordOf<G> mine = to_move ? e.pos.current() : e.pos.opponent();
        const std::size_t planes = static_cast<std::size_t>(g_.cells()) * 2;
        write_planes(g_, mine, mine ^ e.pos.mask(), out.observations + i * planes);
    }
    if (out.action_masks) write_masks(i, out.action_masks + i * static_cast<std::size_t>(g_.width()));
    if (out.rewards) out.rewards[i] = what.reward;
    if (out.player_rewards) {
        // Zero-sum, except that an illegal action costs its actor alone.
        out.player_rewards[2 * i + static_cast<std::size_t>(what.actor)] = what.reward;
        out.player_rewards[2 * i + static_cast<std::size_t>(1 - what.actor)] = what.illegal ? 0 : 0.0 - what.reward;
    }
    if (out.terminated) out.terminated[i] = e.over;
    if (out.illegal) out.illegal[i] = what.illegal;
    if (out.viewers) out.viewers[i] = static_cast<std::int8_t>(view + 1);
    if (out.opponent_moves) out.opponent_moves[i] = static_cast<std::int8_t>(what.opponent_move);
}

template <typename G>
int VectorEnv<G>::threads_for_work() const {
    // Stepping without an opponent costs nanoseconds per environment: more threads
    // would spend more starting than they save.
    return self_play() ? 1 : threads_;
}

template <typename G>
void VectorEnv<G>::reset(const std::uint64_t* seeds, const bool* which, const EnvOutputs& out) {
    for_chunks(size(), threads_for_work(), chunk_for(size(), 256), [&](std::size_t begin, std::size_t end, int t) {
        for (std::size_t i = begin; i < end; ++i) {
            if (which && !which[i]) continue;
            if (seeds) envs_[i].rng = Stream::seeded(seeds[i]);
            start(i, opponent(t), out);
        }
    });
}

template <typename G>
void VectorEnv<G>::step(const std::int64_t* actions, bool autoreset, const EnvOutputs& out) {
    for_chunks(size(), threads_for_work(), chunk_for(size(), 256), [&](std::size_t begin, std::size_t end, int t) {
        Player<G>* opp = opponent(t);
        for (std::size_t i = begin; i < end; ++i) {
            if (!envs_[i].over) write(i, act(i, actions[i], opp), out);
            else if (autoreset) start(i, opp, out);
            else write(i, Outcome{0, envs_[i].pos.moves() % 2}, out);
        }
    });
}

template <typename G>
void VectorEnv<G>::masks(std::int8_t* out) const {
    for (std::size_t i = 0; i < size(); ++i) write_masks(i, out + i * static_cast<std::size_t>(g_.width()));
}

template <typename G>
void VectorEnv<G>::legal_actions(const double* u, std::int64_t* out) const {
    for (std::size_t i = 0; i < size(); ++i) {
        const Env& e = envs_[i];
        const ColumnSet legal = e.over ? ColumnSet{0} : e.pos.legal_columns();
        const int count = std::popcount(static_cast<unsigned>(legal));
        if (!count) {
            out[i] = 0;
            continue;
        }
        int n = std::min(static_cast<int>(u[i] * count), count - 1);
        ColumnSet set = legal;
        for (; n > 0; --n) set = static_cast<ColumnSet>(set & (set - 1));
        out[i] = std::countr_zero(static_cast<unsigned>(set));
    }
}

template <typename G>
void VectorEnv<G>::history(std::int8_t* moves, std::int8_t* scores, std::int8_t* agents) const {
    for (std::size_t i = 0; i < size(); ++i) {
        const auto played = static_cast<std::size_t>(envs_[i].pos.moves());
        std::memcpy(moves + i * cells_, &moves_[i * cells_], played);
        std::memset(moves + i * cells_ + played, -1, cells_ - played);
        std::memcpy(scores + i * cells_, &scores_[i * cells_], cells_);
        agents[i] = envs_[i].agent;
    }
}

template <typename G>
Bots<G>::Bots(G g, const PlayerSpec& spec, std::shared_ptr<const Book<G>> book,
              std::size_t table_bytes, int threads) {
    for (int t = 0; t < std::max(threads, 1); ++t) players_.emplace_back(g, spec, book, table_bytes);
}

template <typename G>
void Bots<G>::choose(const VectorEnv<G>& env, std::uint64_t* streams, std::int64_t* out) {
    const int threads = static_cast<int>(players_.size());
    for_chunks(env.size(), threads, chunk_for(env.size(), 64), [&](std::size_t begin, std::size_t end, int t) {
        Player<G>& player = players_[static_cast<std::size_t>(t)];
        for (std::size_t i = begin; i < end; ++i) {
            if (env.over(i)) {
                out[i] = -1;
                continue;
            }
            Stream rng(streams[i]);
            out[i] = player.choose(env.position(i), rng);
            streams[i] = rng.state();
        }
    });
}

#define LINK4_INSTANTIATE(G)                                                      \
    template void write_planes(const G&, WordOf<G>, WordOf<G>, std::int8_t*); \
    template class VectorEnv<G>;                                                  \
    template class Bots<G>;
LINK4_FOR_EACH_GEOMETRY(LINK4_INSTANTIATE)
#undef LINK4_INSTANTIATE

}  // namespace link4
