#include "link4/heuristic.hpp"

#include <cassert>

#include "link4/score.hpp"

namespace link4 {
namespace {

// Every line of kConnect cells on the board, as a word: horizontal, vertical and the
// two diagonals (69 on the standard board, 261 at most).
constexpr int kConnect = 4;
constexpr int kSpan = kConnect - 1;  // from a line's first cell to its last
constexpr int kMaxLines = (kMaxWidth - kSpan) * kMaxHeight + kMaxWidth * (kMaxHeight - kSpan) +
                          2 * (kMaxWidth - kSpan) * (kMaxHeight - kSpan);

template <typename G>
struct Lines {
    std::array<WordOf<G>, kMaxLines> lines{};
    int count = 0;

    explicit Lines(const G& g) {
        auto add = [&](int col, int row, int dcol, int drow) {
            WordOf<G> b{};
            for (int i = 0; i < kConnect; ++i) b |= cell(g, col + i * dcol, row + i * drow);
            lines[static_cast<std::size_t>(count++)] = b;
        };
        const int width = g.width(), height = g.height();
        for (int col = 0; col < width; ++col)
            for (int row = 0; row < height; ++row) {
                if (col + kSpan < width) add(col, row, 1, 0);
                if (row + kSpan < height) add(col, row, 0, 1);
                if (col + kSpan < width && row + kSpan < height) add(col, row, 1, 1);
                if (col + kSpan < width && row >= kSpan) add(col, row, 1, -1);
            }
    }
};

// Evaluation weights. An open line (no enemy disc in it) with one, two or three discs.
// (A full line cannot occur: the evaluation is only asked of running games.)
constexpr int kLineWeight[kConnect] = {0, 1, 4, 12};
constexpr int kThreat = 24;            // an empty cell that would complete a four
constexpr int kThreatGoodParity = 24;  // ... on a row of the owner's parity
constexpr int kStackedThreats = 60;    // two threats one above the other: one must fall
constexpr int kCentreDisc = 3;

template <typename G, typename Bitboard = WordOf<G>>
int side_value(const G& g, const Lines<G>& lines, Bitboard mine, Bitboard theirs, Bitboard mask,
               Bitboard good_rows) {
    int v = 0;
    for (int i = 0; i < lines.count; ++i) {
        const Bitboard line = lines.lines[static_cast<std::size_t>(i)];
        if (!(theirs & line)) v += kLineWeight[popcount(mine & line) % kConnect];
    }
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
int evaluate(const Lines<G>& lines, const Position<G>& pos) {
    const G& g = pos.geometry();
    const bool mover_first = pos.moves() % 2 == 0;
    // A threat helps the first player on its rows (1, 3, 5 from the bottom), the
    // second player on the others.
    const WordOf<G> mine_good = mover_first ? g.first_player_rows() : g.second_player_rows();
    const WordOf<G> theirs_good = mover_first ? g.second_player_rows() : g.first_player_rows();
    const int v = side_value(g, lines, pos.current(), pos.opponent(), pos.mask(), mine_good) -
                  side_value(g, lines, pos.opponent(), pos.current(), pos.mask(), theirs_good);
    if (v >= kEvalBound) return kEvalBound - 1;
    if (v <= -kEvalBound) return -(kEvalBound - 1);
    return v;
}

template <typename G>
class HeuristicSearch {
  public:
    using Bitboard = WordOf<G>;
    using Position = link4::Position<G>;
    HeuristicSearch(const Lines<G>& lines, std::uint64_t max_nodes)
        : lines_(lines), max_nodes_(max_nodes) {}

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
        if (depth <= 0) return evaluate(lines_, pos);

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
    const Lines<G>& lines_;
    std::uint64_t max_nodes_;
    std::uint64_t nodes_ = 0;
    bool aborted_ = false;
};

}  // namespace

template <typename G>
int evaluate(const Position<G>& pos) {
    return evaluate(Lines<G>(pos.geometry()), pos);
}

template <typename G>
HeuristicResult heuristic_scores(const Position<G>& pos, int depth, std::uint64_t max_nodes) {
    assert(depth >= 1);
    assert(!pos.last_mover_won() && !pos.is_full());
    const G& g = pos.geometry();
    const Lines<G> lines(g);
    HeuristicResult result;
    std::uint64_t spent = 0;
    for (int d = 1; d <= depth; ++d) {
        // Depth 1 must always complete, so it runs without a budget; the deeper
        // iterations share what is left of it (0 would mean no limit, hence the 1).
        std::uint64_t budget = 0;
        if (d > 1 && max_nodes) budget = max_nodes > spent ? max_nodes - spent : 1;
        HeuristicSearch<G> search(lines, budget);
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
