#include "link4/heuristic.hpp"

#include <cassert>

#include "link4/score.hpp"

namespace link4 {
namespace {

// Every line of kConnect cells on the board, as a bitboard: horizontal, vertical and
// the two diagonals (69 on the standard board).
constexpr int kConnect = 4;
constexpr int kSpan = kConnect - 1;  // from a line's first cell to its last
constexpr int kLineCount = (kWidth - kSpan) * kHeight + kWidth * (kHeight - kSpan) +
                           2 * (kWidth - kSpan) * (kHeight - kSpan);

constexpr std::array<Bitboard, kLineCount> make_lines() {
    std::array<Bitboard, kLineCount> lines{};
    int n = 0;
    auto add = [&](int col, int row, int dcol, int drow) {
        Bitboard b = 0;
        for (int i = 0; i < kConnect; ++i) b |= cell(col + i * dcol, row + i * drow);
        lines[n++] = b;
    };
    for (int col = 0; col < kWidth; ++col)
        for (int row = 0; row < kHeight; ++row) {
            if (col + kSpan < kWidth) add(col, row, 1, 0);
            if (row + kSpan < kHeight) add(col, row, 0, 1);
            if (col + kSpan < kWidth && row + kSpan < kHeight) add(col, row, 1, 1);
            if (col + kSpan < kWidth && row >= kSpan) add(col, row, 1, -1);
        }
    return lines;
}
inline constexpr std::array<Bitboard, kLineCount> kLines = make_lines();

// Evaluation weights. An open line (no enemy disc in it) with one, two or three discs.
// (A full line cannot occur: the evaluation is only asked of running games.)
constexpr int kLineWeight[kConnect] = {0, 1, 4, 12};
constexpr int kThreat = 24;            // an empty cell that would complete a four
constexpr int kThreatGoodParity = 24;  // ... on a row of the owner's parity
constexpr int kStackedThreats = 60;    // two threats one above the other: one must fall
constexpr int kCentreDisc = 3;

int side_value(Bitboard mine, Bitboard theirs, Bitboard mask, Bitboard good_rows) {
    int v = 0;
    for (const Bitboard line : kLines) {
        if ((theirs & line) == 0) v += kLineWeight[popcount(mine & line) % kConnect];
    }
    const Bitboard threats = winning_cells(mine, mask);
    v += kThreat * popcount(threats) + kThreatGoodParity * popcount(threats & good_rows);
    v += kStackedThreats * popcount(threats & (threats << 1));
    v += kCentreDisc * popcount(mine & column_mask(kWidth / 2));
    return v;
}

class HeuristicSearch {
  public:
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
        if (pos.can_win_next()) return kHeuristicWin + win_now_score(pos.moves());
        const Bitboard candidates = pos.non_losing_moves();
        if (candidates == 0) return -(kHeuristicWin - lose_next_score(pos.moves()));
        if (pos.moves() >= kCells - 2) return 0;  // two discs left, neither can win
        if (depth <= 0) return evaluate(pos);

        // Threat-making moves first, then from the centre outwards.
        Bitboard moves[kWidth];
        int keys[kWidth];
        int n = 0;
        for (const int col : kCentreOrder) {
            const Bitboard move = candidates & column_mask(col);
            if (!move) continue;
            const int key = popcount(winning_cells(pos.current() | move, pos.mask() | move));
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

int evaluate(const Position& pos) {
    const bool mover_first = pos.moves() % 2 == 0;
    // A threat helps the first player on its rows (1, 3, 5 from the bottom), the
    // second player on the others.
    const Bitboard mine_good = mover_first ? kFirstPlayerRows : kSecondPlayerRows;
    const Bitboard theirs_good = mover_first ? kSecondPlayerRows : kFirstPlayerRows;
    const int v = side_value(pos.current(), pos.opponent(), pos.mask(), mine_good) -
                  side_value(pos.opponent(), pos.current(), pos.mask(), theirs_good);
    if (v >= kEvalBound) return kEvalBound - 1;
    if (v <= -kEvalBound) return -(kEvalBound - 1);
    return v;
}

HeuristicResult heuristic_scores(const Position& pos, int depth, std::uint64_t max_nodes) {
    assert(depth >= 1);
    assert(!pos.last_mover_won() && !pos.is_full());
    HeuristicResult result;
    std::uint64_t spent = 0;
    for (int d = 1; d <= depth; ++d) {
        // Depth 1 must always complete, so it runs without a budget; the deeper
        // iterations share what is left of it (0 would mean no limit, hence the 1).
        std::uint64_t budget = 0;
        if (d > 1 && max_nodes) budget = max_nodes > spent ? max_nodes - spent : 1;
        HeuristicSearch search(budget);
        std::array<std::optional<int>, kWidth> scores{};
        for (int col = 0; col < kWidth && !search.aborted(); ++col) {
            if (!pos.can_play(col)) continue;
            if (pos.is_winning_move(col)) {
                scores[col] = kHeuristicWin + win_now_score(pos.moves());
                continue;
            }
            Position child = pos;
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

}  // namespace link4
