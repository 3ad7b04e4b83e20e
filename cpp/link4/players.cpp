#include "link4/players.hpp"

#include <bit>
#include <utility>

#include "link4/book.hpp"
#include "link4/heuristic.hpp"
#include "link4/score.hpp"

namespace link4 {
namespace {

// The n-th column (smallest first) of a non-empty set.
int nth_column(ColumnSet set, int n) {
    for (; n > 0; --n) set = static_cast<ColumnSet>(set & (set - 1));
    return std::countr_zero(static_cast<unsigned>(set));
}

// How much more likely the beginner plays a column: 1 at the edges, one more per
// column towards the middle (central discs take part in more lines).
int centre_weight(int col, int width) { return 1 + std::min(col, width - 1 - col); }

template <typename G>
ColumnSet winning_columns(const Position<G>& pos) {
    ColumnSet r = 0;
    for (int c = 0; c < pos.geometry().width(); ++c)
        if (pos.can_play(c) && pos.is_winning_move(c)) r = static_cast<ColumnSet>(r | 1u << c);
    return r;
}

// Whether a thing done at rate `chance` is done this time. A sure thing (or a never)
// draws nothing from the stream: a player that always takes its wins draws what it drew
// before the rates were a part of its spec, so that its seeded games stay the same.
bool happens(double chance, Stream& rng) {
    if (chance >= 1) return true;
    return chance > 0 && rng.chance(chance);
}

template <typename G>
int beginner(const Position<G>& pos, const PlayerSpec& spec, Stream& rng) {
    if (const ColumnSet wins = winning_columns(pos); wins && happens(spec.win_chance, rng))
        return pick_column(wins, rng);
    const ColumnSet legal = pos.legal_columns(), safe = safe_columns(pos);
    // Some moves lose at once and some do not: the block (or not playing under a threat).
    if (safe && safe != legal && happens(spec.block_chance, rng)) return pick_column(safe, rng);
    const int width = pos.geometry().width();
    int total = 0;
    for (int c = 0; c < width; ++c)
        if (legal >> c & 1) total += centre_weight(c, width);
    int r = rng.below(total);
    for (int c = 0; c < width; ++c) {
        if (!(legal >> c & 1)) continue;
        r -= centre_weight(c, width);
        if (r < 0) return c;
    }
    return -1;  // unreachable: the weights add up to total
}

}  // namespace

int pick_column(ColumnSet set, Stream& rng) {
    return nth_column(set, rng.below(std::popcount(static_cast<unsigned>(set))));
}

SpecField bad_field(const PlayerSpec& spec) {
    const bool searches = spec.kind == PlayerKind::kHeuristic ||
                          (spec.kind == PlayerKind::kExact && spec.exact_min_ply > 0);
    if (spec.depth < (searches ? 1 : 0)) return SpecField::kDepth;
    if (spec.margin < 0) return SpecField::kMargin;
    if (spec.exact_min_ply < 0) return SpecField::kExactMinPly;
    if (!(spec.careless >= 0 && spec.careless <= 1)) return SpecField::kCareless;  // NaN too
    if (!(spec.exact_seconds >= 0)) return SpecField::kExactSeconds;
    if (!(spec.win_chance >= 0 && spec.win_chance <= 1)) return SpecField::kWinChance;
    if (!(spec.block_chance >= 0 && spec.block_chance <= 1)) return SpecField::kBlockChance;
    return SpecField::kNone;
}

PlayerSpec level_spec(int level) {
    PlayerSpec s;
    switch (level) {
        case 1:  // a first game: near-random, sees half of its wins, never blocks
            s.kind = PlayerKind::kBeginner;
            s.win_chance = 0.5;
            s.block_chance = 0;
            break;
        case 2:  // beginner: takes a win it sees, blocks half of the time
            s.kind = PlayerKind::kBeginner;
            break;
        case 3:  // novice: always wins and blocks, otherwise plays loosely
            s.kind = PlayerKind::kBeginner;
            s.block_chance = 1;
            break;
        case 4:  // casual: two plies, much noise, often careless
            s = {PlayerKind::kHeuristic, 2, 40, 0.3, 2'000'000};
            break;
        case 5:  // club player: four plies, some noise, now and then careless
            s = {PlayerKind::kHeuristic, 4, 12, 0.08, 2'000'000};
            break;
        case 6:  // advanced: six plies, a little noise, seldom careless
            s = {PlayerKind::kHeuristic, 6, 6, 0.03, 2'000'000};
            break;
        case 7:  // strong: eight plies, no noise
            s = {PlayerKind::kHeuristic, 8, 0, 0, 2'000'000};
            break;
        case 8:  // expert: the book's moves, twelve plies, exact from 18 discs when quick
            s = {PlayerKind::kExact, 12, 0, 0, 3'000'000, 400'000, 0, 18, true};
            break;
        default:  // perfect
            s.kind = PlayerKind::kExact;
            break;
    }
    return s;
}

template <typename G>
ColumnSet safe_columns(const Position<G>& pos) {
    const G& g = pos.geometry();
    const WordOf<G> possible = pos.possible(), threats = pos.opponent_winning_cells();
    const WordOf<G> wins = pos.my_winning_cells() & possible;
    ColumnSet r = 0;
    for (int c = 0; c < g.width(); ++c) {
        const WordOf<G> move = possible & column_mask(g, c);
        if (!move) continue;
        // After the move its cell is taken and the one above it becomes playable.
        const WordOf<G> next_possible = (possible ^ move) | ((move << 1) & g.board_mask());
        if ((move & wins) || !(threats & ~move & next_possible)) r = static_cast<ColumnSet>(r | 1u << c);
    }
    return r;
}

template <typename G>
Player<G>::Player(G g, const PlayerSpec& spec, std::shared_ptr<const Book<G>> book,
                  std::size_t table_bytes)
    : g_(g), spec_(spec), book_(std::move(book)), table_bytes_(table_bytes) {}

template <typename G>
Player<G>::~Player() = default;
template <typename G>
Player<G>::Player(Player&&) noexcept = default;
template <typename G>
Player<G>& Player<G>::operator=(Player&&) noexcept = default;

template <typename G>
int Player<G>::choose(const Position<G>& pos, Stream& rng, std::optional<int>* score,
                      Solver<G>* lent) {
    switch (spec_.kind) {
        case PlayerKind::kRandom:
            return pick_column(pos.legal_columns(), rng);
        case PlayerKind::kBeginner:
            return beginner(pos, spec_, rng);
        case PlayerKind::kHeuristic:
            return heuristic(pos, rng);
        case PlayerKind::kExact:
            return exact(pos, rng, score, lent);
    }
    return -1;
}

template <typename G>
int Player<G>::heuristic(const Position<G>& pos, Stream& rng) const {
    const HeuristicResult r = heuristic_scores(pos, spec_.depth, spec_.max_nodes);
    const int width = g_.width();
    int best = -2 * kHeuristicWin;
    ColumnSet legal = 0, safe = 0;
    for (int c = 0; c < width; ++c) {
        if (!r.scores[c]) continue;
        legal = static_cast<ColumnSet>(legal | 1u << c);
        if (*r.scores[c] > -kHeuristicWin) safe = static_cast<ColumnSet>(safe | 1u << c);
        best = std::max(best, *r.scores[c]);
    }
    if (best < kHeuristicWin && spec_.careless > 0 && rng.chance(spec_.careless))
        return pick_column(safe ? safe : legal, rng);
    // Proven wins and losses are never blurred by the margin: the fastest win is played.
    const bool proven = best >= kHeuristicWin || best <= -kHeuristicWin;
    const int floor = best - (proven ? 0 : spec_.margin);
    ColumnSet good = 0;
    for (int c = 0; c < width; ++c)
        if (r.scores[c] && *r.scores[c] >= floor) good = static_cast<ColumnSet>(good | 1u << c);
    return pick_column(good, rng);
}

template <typename G>
int Player<G>::exact(const Position<G>& pos, Stream& rng, std::optional<int>* score, Solver<G>* lent) {
    // A win in one is the fastest win there is: played without a search, so that even the
    // tightest time limit never misses it.
    if (const ColumnSet wins = winning_columns(pos)) {
        if (score) *score = win_now_score(g_.width() * g_.height(), pos.moves());
        return pick_column(wins, rng);
    }
    const bool fallback = spec_.depth > 0;
    Solver<G>* solver = lent;
    const Book<G>* book = lent ? lent->book().get() : book_.get();
    // With fewer discs than the book's depth, every child's score is in the book: the
    // search is answered at once.
    const bool in_book = spec_.exact_in_book && book && pos.moves() < book->depth();
    if (pos.moves() < spec_.exact_min_ply && !in_book) return heuristic(pos, rng);
    if (!solver) {
        if (!solver_) {
            solver_ = std::make_unique<Solver<G>>(g_, table_bytes_, 1);
            solver_->set_book(book_);
        }
        solver = solver_.get();
    }
    // The columns in a random order: the search plays the first one worth the score,
    // which draws uniformly among equal moves while proving no more of them than needed.
    SearchRequest request;
    request.want = Want::kFirstBest;
    request.order.fill(-1);
    const int width = g_.width();
    for (int i = 0; i < width; ++i) {
        const int j = rng.below(i + 1);
        request.order[i] = request.order[j];
        request.order[j] = g_.shape().centre_order[i];
    }
    request.limits.max_nodes = spec_.exact_nodes;
    request.limits.max_seconds = spec_.exact_seconds;
    request.limits.poll = poll_;
    const SearchResult found = solver->search(pos, request);
    if (found.exact && score) *score = found.score;
    if (found.exact || !fallback) return found.best_move;
    return heuristic(pos, rng);
}

#define LINK4_INSTANTIATE(G) template ColumnSet safe_columns(const Position<G>&);
LINK4_FOR_EACH_GEOMETRY(LINK4_INSTANTIATE)
#undef LINK4_INSTANTIATE
#define LINK4_INSTANTIATE(G) template class Player<G>;
LINK4_FOR_EACH_GEOMETRY(LINK4_INSTANTIATE)
#undef LINK4_INSTANTIATE

}  // namespace link4
