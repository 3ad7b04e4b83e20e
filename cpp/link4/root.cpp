// The root of a search: the score alone by null-window probes (solve_root), the score
// with the best move and its ties (search_root), and every column's value (analyze).
// The probes' schedule is in probe_schedule.hpp (docs/solver.md, "The root").
#include <algorithm>
#include <cassert>
#include <chrono>

#include "link4/movepick.hpp"
#include "link4/probe_schedule.hpp"
#include "link4/searcher.hpp"

namespace link4 {

template <typename G>
template <typename Result>
void Searcher<G>::finish(Result& result) const {
    result.nodes = nodes_;
    result.stop = stop_;
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

template <typename G>
int Searcher<G>::parents_bound(const Position& pos) const {
    int bound = -kInfinity;
    if (!book_ || pos.moves() != book_depth_ + 1) return bound;
    for (int col = 0; col < g_.width(); ++col) {
        const int height = pos.height(col);
        // A parent: the position before the last mover's disc on top of `col`.
        if (height == 0 || !(pos.opponent() & cell(g_, col, height - 1))) continue;
        Position parent = pos;
        parent.undo(col);
        if (parent.last_mover_won()) continue;  // not a position anyone moves from
        if (const auto known = book_->get(parent)) bound = std::max(bound, -*known);
    }
    return bound;
}

template <typename G>
void Searcher<G>::solve_root(const Position& pos, bool weak, SearchResult& result) {
    int lower, upper;
    if (const auto known = book_score(pos)) {
        lower = upper = *known;
    } else if (pos.can_win_next()) {
        lower = upper = win_now_score(cells(), pos.moves());
    } else {
        lower = lose_next_score(cells(), pos.moves());
        upper = win_now_score(cells(), pos.moves() + 1);  // we cannot win with this disc
        // Just past the book, the parents' scores bound ours from below, and the first
        // probe asks whether we score more than that: we score exactly that when this
        // position was a best move of one of them, and a probe far below the score is
        // cheap.
        const int from_parents = parents_bound(pos);
        if (from_parents > lower) lower = std::min(from_parents, upper);
        if (weak) {
            lower = clamp(lower, -1, 1);
            upper = clamp(upper, -1, 1);
        }
        bool probe_bound = lower == from_parents;
        root_pos_ = &pos;
        root_weak_ = weak;
        root_lower_ = lower;
        root_upper_ = upper;
        // Null-window searches: each one proves the score is above or at most `mid`.
        while (lower < upper) {
            const int point = probe_bound ? lower : guess_.next_point(lower, upper);
            probe_bound = false;
            const int mid = clamp(point + probe_bias_, lower, upper - 1);
            const std::uint64_t before = nodes_;
            // With helpers: they join the probe, unless its cost is to guide the guess
            // (a helper beside it would change the cost, and the guess with it).
            if (share_lead_) probe_number_ = share_->announce(mid, !weak && guess_.wants_cost(mid));
            int r = negamax(pos, mid, mid + 1);
            if (probe_dropped()) r = *share_->answer_of(probe_number_);  // a helper's answer
            probe_number_ = 0;
            if (stop_ != StopReason::kNone) break;
            guess_.note(mid, r > mid, nodes_ - before);
            // A weak search may prove more than it asked for: keep within [lower, upper].
            if (r <= mid) upper = r > lower ? r : lower;
            else lower = r < upper ? r : upper;
            root_lower_ = lower;
            root_upper_ = upper;
        }
        root_pos_ = nullptr;
    }
    result.lower = weak ? sign(lower) : lower;  // the sign is monotone: signs of bounds
    result.upper = weak ? sign(upper) : upper;  // are bounds
}

template <typename G>
void Searcher<G>::init_root(const Position& pos, bool weak, Root& root) {
    root = Root(pos);
    root.weak = weak;
    const int moves = pos.moves();
    const Bitboard wins = pos.my_winning_cells() & pos.possible();
    // Moves that do not hand the opponent a win at once (the rule does not depend on
    // whether we could win ourselves).
    const Bitboard safe = pos.non_losing_moves();
    Bitboard open{};
    for (int col = 0; col < g_.width(); ++col) {
        if (!pos.can_play(col)) continue;
        ColumnValue& v = root.columns[col];
        v.legal = true;
        const Bitboard move = (pos.mask() + bottom_cell(g_, col)) & column_mask(g_, col);
        if (move & wins) {
            v.lower = v.upper = win_now_score(cells(), moves);
        } else if (moves + 1 == cells()) {
            v.lower = v.upper = 0;  // the last cell, and no four: a draw
        } else if (!(move & safe)) {
            v.lower = v.upper = lose_next_score(cells(), moves);
        } else {
            // The opponent cannot win with its next disc, nor we with the one after it
            // at the earliest.
            v.lower = -win_now_score(cells(), moves + 3);
            v.upper = win_now_score(cells(), moves + 2);
            open |= move;
            Position child = pos;
            child.play_cell(move);
            root.child_keys[col] = child.canonical_key();
            // Each of the child's parents in the book, this position among them, scores
            // at least what the move to the child gives it.
            if (const int cap = -parents_bound(child); cap < v.upper) {
                v.upper = std::max(v.lower, cap);
                root.capped |= ColumnSet{1} << col;
            }
        }
        if (weak) {
            v.lower = sign(v.lower);
            v.upper = sign(v.upper);
        }
    }
    // A position in the book caps every column at its score: a column's value is what
    // the move is worth, and the score is the best of them.
    if (const auto known = book_score(pos)) {
        root.known = weak ? sign(*known) : *known;
        for (ColumnValue& v : root.columns)
            if (v.legal) v.upper = std::max(v.lower, std::min(v.upper, *root.known));
    }
    MoveList<G> list;
    ChildThreats<G> child_threats(pos);
    order_moves(pos, pos.opponent_winning_cells(), open, child_threats, list);
    Bitboard threats;
    while (const Bitboard move = list.next(threats)) root.order[root.size++] = column_of(g_, move);
}

template <typename G>
bool Searcher<G>::probe(Root& root, int col, int target) {
    if (stop_ != StopReason::kNone) return false;  // a stopped search stays stopped
    ColumnValue& v = root.columns[col];
    assert(v.legal && v.lower < target && target <= v.upper);
    Position child = root.pos;
    child.play(col);
    // The child scores <= -target exactly when the move is worth >= target.
    const int r =
        -negamax(child, root.child_keys[col], child.opponent_winning_cells(), -target, -target + 1);
    if (stop_ != StopReason::kNone) return false;
    // A weak search may prove more than it asked for: keep within [lower, upper].
    if (r >= target) v.lower = clamp(r, v.lower, v.upper);
    else v.upper = clamp(r, v.lower, v.upper);
    return true;
}

template <typename G>
void Searcher<G>::settle(Root& root, int col, bool sign_only) {
    ColumnValue& v = root.columns[col];
    while (v.legal && v.lower < v.upper) {
        if (sign_only && sign(v.lower) == sign(v.upper)) return;
        // For the sign: is it at least a draw, then is it a win?
        int target = sign_only ? (v.lower < 0 ? 0 : 1) : probe_point(v.lower, v.upper) + 1;
        // A column capped by its child's parents is worth exactly the cap as often as
        // that child is a best move of a parent: ask that first.
        if (!sign_only && (root.capped >> col & 1)) {
            target = v.upper;
            root.capped &= static_cast<ColumnSet>(~(ColumnSet{1} << col));
        }
        if (!probe(root, col, target)) return;
    }
}

template <typename G>
ColumnSet Searcher<G>::columns_worth(Root& root, const ColumnOrder& order, int first, int target,
                                  bool first_only) {
    ColumnSet worth = 0;
    for (int i = 0; i < g_.width(); ++i) {
        const int col = order[static_cast<std::size_t>((first + i) % g_.width())];
        const ColumnValue& v = root.columns[col];
        if (!v.legal || v.upper < target) continue;
        if (v.lower < target && !probe(root, col, target)) break;
        if (v.lower < target) continue;
        worth |= ColumnSet{1} << col;
        if (first_only) break;
    }
    return worth;
}

template <typename G>
void Searcher<G>::root_bounds(const Root& root, int& lower, int& upper) {
    lower = upper = -kInfinity;
    for (const ColumnValue& v : root.columns) {
        if (!v.legal) continue;
        lower = std::max(lower, v.lower);
        upper = std::max(upper, v.upper);
    }
}

template <typename G>
void Searcher<G>::narrow_root(Root& root, int floor, int& lower, int& upper) {
    auto narrow = [&] {
        root_bounds(root, lower, upper);
        lower = std::max(lower, std::min(floor, upper));
        root_lower_ = lower;
        root_upper_ = upper;
    };
    root_ = &root;
    narrow();
    // The book's score needs no probes to find: only the columns worth it.
    if (root.known) lower = upper = *root.known;
    // As in solve_root, null-window probes narrow the score; here each one asks the
    // columns in turn whether one of them is worth more than `mid`, and what each
    // answer proves about a column stays with that column. The first asks whether
    // any is worth more than the floor.
    bool probe_floor = lower == floor;
    while (lower < upper && stop_ == StopReason::kNone) {
        const int mid = probe_floor ? lower : guess_.next_point(lower, upper);
        probe_floor = false;
        const std::uint64_t before = nodes_;
        for (int i = 0; i < root.size; ++i) {
            const ColumnValue& v = root.columns[root.order[i]];
            if (v.upper <= mid) continue;
            if (!probe(root, root.order[i], mid + 1) || v.lower > mid) break;
        }
        narrow();
        if (stop_ == StopReason::kNone) guess_.note(mid, lower > mid, nodes_ - before);
    }
}

template <typename G>
ColumnSet Searcher<G>::best_columns(Root& root, const SearchRequest& request, SearchResult& result) {
    // When the score is known, the columns worth it in the request's order (all of
    // them, or the first); otherwise, or when stopped before one was proven, the best
    // proven lower bound (then the best upper bound, then the centre-most).
    ColumnSet ties = 0;
    if (result.lower == result.upper)
        ties = columns_worth(root, order_of(request), 0, result.lower,
                             request.want == Want::kFirstBest);
    if (ties != 0 && stop_ == StopReason::kNone) return ties;
    int best_lower = -kInfinity, best_upper = -kInfinity;
    for (int col : centre_order()) {
        const ColumnValue& v = root.columns[col];
        if (!v.legal) continue;
        if (v.lower > best_lower || (v.lower == best_lower && v.upper > best_upper)) {
            best_lower = v.lower;
            best_upper = v.upper;
            ties = ColumnSet{1} << col;
        }
    }
    // Stopped before a column was proven worth the book's score: report what the
    // columns prove, so that an exact result always comes with a move worth it.
    if (best_lower < result.lower) root_bounds(root, result.lower, result.upper);
    return ties;
}

template <typename G>
void Searcher<G>::search_root(const Position& pos, const SearchRequest& request,
                           SearchResult& result) {
    Root root(pos);
    init_root(pos, request.weak, root);
    // Just past the book, the parents' bound on the score (see solve_root), which no
    // column need prove: the score is at least that.
    int floor = -kInfinity;
    if (!root.known) {
        floor = parents_bound(pos);
        if (request.weak && floor > -kInfinity) floor = sign(floor);
    }
    narrow_root(root, floor, result.lower, result.upper);
    const ColumnSet ties = best_columns(root, request, result);
    root_ = nullptr;
    result.best_move = centre_most(ties, g_.width());
    result.best_moves = ties;
}

template <typename G>
SearchResult Searcher<G>::search(const Position& pos, const SearchRequest& request) {
    assert(!pos.is_over());
    begin(request);
    SearchResult result;
    if (request.want == Want::kScore) solve_root(pos, request.weak, result);
    else search_root(pos, request, result);
    result.exact = result.lower == result.upper;
    result.score = result.exact ? result.lower : 0;
    result.probe_costs = guess_.costs();
    finish(result);
    return result;
}

template <typename G>
std::uint64_t Searcher<G>::probe_columns(const Position& pos, const SearchRequest& request,
                                      int first) {
    assert(!pos.is_over());
    begin(request);
    Root root(pos);
    init_root(pos, request.weak, root);
    if (root.known) columns_worth(root, order_of(request), first, *root.known, false);
    return nodes_;
}

template <typename G>
std::uint64_t Searcher<G>::follow_probes(const Position& pos, const SearchRequest& request) {
    assert(!pos.is_over());
    begin(request);
    std::uint32_t seen = 0;
    while (const auto probe = share_->next(seen)) {
        seen = probe->number;
        probe_number_ = probe->number;
        const int r = negamax(pos, probe->point, probe->point + 1);
        probe_number_ = 0;
        if (probe_dropped()) continue;  // answered by another thread, or the main search went on
        if (stop_ != StopReason::kNone) break;
        share_->answer(probe->number, r);
    }
    return nodes_;
}

template <typename G>
Analysis Searcher<G>::analyze(const Position& pos, const SearchRequest& request) {
    assert(!pos.is_over());
    begin(request);
    Root root(pos);
    init_root(pos, request.weak, root);
    root_ = &root;
    // First the sign of every column (which wins, which draws), then the exact scores:
    // a limit that stops the analysis early still leaves every column's outcome known
    // as far as it got.
    for (int col : centre_order()) settle(root, col, true);
    if (!request.weak)
        for (int col : centre_order()) settle(root, col, false);
    root_ = nullptr;
    Analysis analysis;
    analysis.columns = root.columns;
    finish(analysis);
    return analysis;
}

template <typename G>
std::array<ColumnValue, kMaxWidth> Searcher<G>::columns_from_table(const Position& pos, bool weak,
                                                                  int upper) {
    Root root(pos);
    init_root(pos, weak, root);
    const Table& table = table_for(pos.moves() + 1);
    for (int i = 0; i < root.size; ++i) {
        ColumnValue& v = root.columns[root.order[i]];
        // The move is worth minus the child's score.
        const auto known = table.probe(root.child_keys[root.order[i]]);
        const int lower = weak ? sign(-known.upper) : -known.upper;
        const int upper_from_child = weak ? sign(-known.lower) : -known.lower;
        v.lower = std::max(v.lower, std::min(lower, v.upper));
        v.upper = std::max(v.lower, std::min({v.upper, upper_from_child, upper}));
    }
    return root.columns;
}

template <typename G>
void Searcher<G>::report_progress(std::chrono::steady_clock::time_point now) {
    SearchProgress progress;
    progress.seconds = std::chrono::duration<double>(now - start_).count();
    progress.nodes = nodes_ + (others_ ? others_->load(std::memory_order_relaxed) : 0);
    progress.lower = root_lower_;
    progress.upper = root_upper_;
    progress.probe_costs = guess_.costs();
    if (root_) {
        progress.columns = root_->columns;
        int lower, upper;
        root_bounds(*root_, lower, upper);
        progress.lower = std::max(progress.lower, lower);
        progress.upper = std::min(progress.upper, upper);
    } else if (root_pos_) {
        progress.columns = columns_from_table(*root_pos_, root_weak_, root_upper_);
        // The score is the best column's value: what the columns prove bounds it too.
        int lower = -kInfinity, upper = -kInfinity;
        for (const ColumnValue& v : progress.columns) {
            if (!v.legal) continue;
            lower = std::max(lower, v.lower);
            upper = std::max(upper, v.upper);
        }
        progress.lower = std::max(progress.lower, std::min(lower, progress.upper));
        progress.upper = std::max(progress.lower, std::min(progress.upper, upper));
    }
    progress_.report(progress_.arg, progress);
}

#define LINK4_INSTANTIATE(G)                                                                \
    template void Searcher<G>::report_progress(std::chrono::steady_clock::time_point);          \
    template SearchResult Searcher<G>::search(const link4::Position<G>&, const SearchRequest&);    \
    template Analysis Searcher<G>::analyze(const link4::Position<G>&, const SearchRequest&);       \
    template std::uint64_t Searcher<G>::probe_columns(const link4::Position<G>&, const SearchRequest&, \
                                                      int);                                        \
    template std::uint64_t Searcher<G>::follow_probes(const link4::Position<G>&, const SearchRequest&);
LINK4_FOR_EACH_GEOMETRY(LINK4_INSTANTIATE)
#undef LINK4_INSTANTIATE

}  // namespace link4
