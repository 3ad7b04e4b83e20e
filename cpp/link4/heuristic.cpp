#include "link4/heuristic.hpp"

#include <cassert>

#include "link4/score.hpp"

namespace link4 {
namespace {

// Evaluation weights. An open line of four cells (no enemy disc in it) with one, two or
// three discs. (A full line cannot occur: the evaluation is only asked of running games.)
// On a variant of k in a row, a line weighs by the discs it lacks, as a line of four.
constexpr int kConnect = 4;
constexpr int kLineWeight[kConnect] = {0, 1, 4, 12};
constexpr int kThreat = 24;            // an empty cell that would complete a line
constexpr int kThreatGoodParity = 24;  // ... on a row of the owner's parity
constexpr int kStackedThreats = 60;    // two threats one above the other: one must fall
constexpr int kCentreDisc = 3;

// The open lines' weights, counted for every line of a direction at once. A line is
// named by its first cell x; with step s its cells are x, x + s, x + 2s, x + 3s (the
// sentinel layout of bitboard.hpp keeps lines from wrapping: a line that leaves the
// board meets a cell outside board_mask). Open: no enemy disc. The number of own discs
// in each line is added up bit-sliced, one bit plane per power of two, so the work is a
// few word operations per direction rather than one per line.
template <typename G, typename Bitboard = WordOf<G>>
int open_lines_value(const G& g, Bitboard mine, Bitboard theirs) {
    const Bitboard free = g.board_mask() & ~theirs;
    const int steps[] = {1, g.column_bits(), g.column_bits() - 1, g.column_bits() + 1};
    int v = 0;
    for (int s : steps) {
        const Bitboard open = free & (free >> s) & (free >> (2 * s)) & (free >> (3 * s));
        const Bitboard b0 = mine, b1 = mine >> s, b2 = mine >> (2 * s), b3 = mine >> (3 * s);
        // count = ones + 2 x (c01 + c23 + carry), where at most c01 and c23 are both set
        // (all four discs).
        const Bitboard s01 = b0 ^ b1, c01 = b0 & b1, s23 = b2 ^ b3, c23 = b2 & b3;
        const Bitboard ones = s01 ^ s23, pairs = c01 | c23 | (s01 & s23);
        v += kLineWeight[1] * popcount(open & ones & ~pairs);
        v += kLineWeight[2] * popcount(open & ~ones & pairs & ~(c01 & c23));
        v += kLineWeight[3] * popcount(open & ones & pairs);
    }
    return v;
}

// The same for a line of any length k (the variants): a line's discs are added up
// bit-sliced into three bit planes (at most 6 discs), and a line with n of its k
// discs weighs what a line of four with n - (k - 4) does, by the discs it still lacks.
template <typename G, typename Bitboard = WordOf<G>>
int open_lines_value_any_length(const G& g, Bitboard mine, Bitboard theirs) {
    const int k = g.inarow();
    const Bitboard free = g.board_mask() & ~theirs;
    const int steps[] = {1, g.column_bits(), g.column_bits() - 1, g.column_bits() + 1};
    const int directions = across_fits(g) ? 4 : 1;  // (bitboard.hpp: the shifts must fit)
    int v = 0;
    for (int d = 0; d < directions; ++d) {
        const int s = steps[d];
        Bitboard open = free, bit0{}, bit1{}, bit2{};
        for (int i = 0; i < k; ++i) {
            open &= free >> (i * s);
            const Bitboard disc = mine >> (i * s);  // a full adder of one more bit
            const Bitboard carry0 = bit0 & disc;
            bit0 ^= disc;
            const Bitboard carry1 = bit1 & carry0;
            bit1 ^= carry0;
            bit2 |= carry1;
        }
        for (int lacking = 1; lacking < kConnect; ++lacking) {
            const int n = k - lacking;  // discs in the line
            if (n <= 0) break;
            const Bitboard count = (n & 1 ? bit0 : ~bit0) & (n & 2 ? bit1 : ~bit1) & (n & 4 ? bit2 : ~bit2);
            v += kLineWeight[kConnect - lacking] * popcount(open & count);
        }
    }
    return v;
}

template <typename G, typename Bitboard = WordOf<G>>
int side_value(const G& g, Bitboard mine, Bitboard theirs, Bitboard mask, Bitboard good_rows) {
    int v = g.inarow() == kConnectFour ? open_lines_value(g, mine, theirs)
                                        : open_lines_value_any_length(g, mine, theirs);
    const Bitboard threats = winning_cells(g, mine, mask);
    v += kThreat * popcount(threats) + kThreatGoodParity * popcount(threats & good_rows);
    v += kStackedThreats * popcount(threats & (threats << 1));
    // The centre column, or on an even width the two columns nearest the centre.
    Bitboard centre = column_mask(g, g.width() / 2);
    if (g.width() % 2 == 0) centre |= column_mask(g, g.width() / 2 - 1);
    v += kCentreDisc * popcount(mine & centre);
    return v;
}

template <typename G>
int static_value(const Position<G>& pos) {
    const G& g = pos.geometry();
    const bool mover_first = pos.moves() % 2 == 0;
    // A threat helps the first player on its rows (1, 3, 5 from the bottom), the
    // second player on the others.
    const WordOf<G> mine_good = mover_first ? g.first_player_rows() : g.second_player_rows();
    const WordOf<G> theirs_good = mover_first ? g.second_player_rows() : g.first_player_rows();
    const int v = side_value(g, pos.current(), pos.opponent(), pos.mask(), mine_good) -
                  side_value(g, pos.opponent(), pos.current(), pos.mask(), theirs_good);
    if (v >= kEvalBound) return kEvalBound - 1;
    if (v <= -kEvalBound) return -(kEvalBound - 1);
    return v;
}

template <typename G>
class HeuristicSearch {
  public:
    using Bitboard = WordOf<G>;
    using Position = link4::Position<G>;
    explicit HeuristicSearch(std::uint64_t max_nodes) : max_nodes_(max_nodes) {}

    // Fail-soft alpha-beta to `depth` plies. Contract, for the value V of the
    // depth-limited tree: a result v <= alpha means V <= v; v >= beta means V >= v;
    // otherwise v == V. Preconditions: alpha < beta; the game is not over. When the node
    // budget runs out, aborted() turns true and the value is meaningless.
    int negamax(const Position& pos, int depth, int alpha, int beta) {
        assert(alpha < beta);
        if (max_nodes_ && nodes_ >= max_nodes_) {
            aborted_ = true;
            return 0;
        }
        ++nodes_;
        const G& g = pos.geometry();
        const int cells = g.cells();
        if (pos.can_win_next()) return kHeuristicWin + win_now_score(cells, pos.moves());
        const Bitboard candidates = pos.non_losing_moves();
        if (!candidates) return -(kHeuristicWin - lose_next_score(cells, pos.moves()));
        if (pos.moves() >= cells - 2) return 0;  // two discs left, neither can win
        if (depth <= 0) return static_value(pos);

        // Threat-making moves first, then from the centre outwards.
        Bitboard moves[kMaxWidth];
        int keys[kMaxWidth];
        int n = 0;
        for (int c = 0; c < g.width(); ++c) {
            const int col = g.shape().centre_order[static_cast<std::size_t>(c)];
            const Bitboard move = candidates & column_mask(g, col);
            if (!move) continue;
            const int key = popcount(winning_cells(g, pos.current() | move, pos.mask() | move));
            int i = n++;
            for (; i > 0 && keys[i - 1] < key; --i) {
                moves[i] = moves[i - 1];
                keys[i] = keys[i - 1];
            }
            moves[i] = move;
            keys[i] = key;
        }

        int best = -2 * kHeuristicWin;
        for (int i = 0; i < n; ++i) {
            Position child = pos;
            child.play_cell(moves[i]);
            const int v = -negamax(child, depth - 1, -beta, -alpha);
            if (aborted_) return 0;
            if (v > best) {
                best = v;
                if (v > alpha) alpha = v;
                if (alpha >= beta) break;
            }
        }
        return best;
    }

    bool aborted() const { return aborted_; }
    std::uint64_t nodes() const { return nodes_; }

  private:
    std::uint64_t max_nodes_;
    std::uint64_t nodes_ = 0;
    bool aborted_ = false;
};

}  // namespace

template <typename G>
int evaluate(const Position<G>& pos) {
    return static_value(pos);
}

template <typename G>
HeuristicResult heuristic_scores(const Position<G>& pos, int depth, std::uint64_t max_nodes) {
    assert(depth >= 1);
    assert(!pos.last_mover_won() && !pos.is_full());
    const G& g = pos.geometry();
    HeuristicResult result;
    std::uint64_t spent = 0;
    for (int d = 1; d <= depth; ++d) {
        // Depth 1 must always complete, so it runs without a budget; the deeper
        // iterations share what is left of it (0 would mean no limit, hence the 1).
        std::uint64_t budget = 0;
        if (d > 1 && max_nodes) budget = max_nodes > spent ? max_nodes - spent : 1;
        HeuristicSearch<G> search(budget);
        std::array<std::optional<int>, kMaxWidth> scores{};
        for (int col = 0; col < g.width() && !search.aborted(); ++col) {
            if (!pos.can_play(col)) continue;
            if (pos.is_winning_move(col)) {
                scores[col] = kHeuristicWin + win_now_score(g.cells(), pos.moves());
                continue;
            }
            Position<G> child = pos;
            child.play(col);
            if (child.is_full()) {
                scores[col] = 0;
                continue;
            }
            scores[col] = -search.negamax(child, d - 1, -2 * kHeuristicWin, 2 * kHeuristicWin);
        }
        spent += search.nodes();
        if (search.aborted()) break;
        result.scores = scores;
        result.depth = d;
        result.nodes = spent;
    }
    result.nodes = spent;
    return result;
}

#define LINK4_INSTANTIATE(G)                      \
    template int evaluate(const Position<G>&); \
    template HeuristicResult heuristic_scores(const Position<G>&, int, std::uint64_t);
LINK4_FOR_EACH_GEOMETRY(LINK4_INSTANTIATE)
#undef LINK4_INSTANTIATE

}  // namespace link4
