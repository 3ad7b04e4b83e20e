// The built-in players in compiled form: uniform random, the playing levels 1 to
// kLevels and the perfect player, each choosing a move for the side to move with a Stream. This is
// the only implementation of the levels: the batched environment (vector_env.hpp) runs
// them for a whole batch, and every Python entry point (link4.players: the Engine, the
// bots, the command line, the web, the integrations) plays through them, so that a level
// with a given stream makes the same move wherever it is asked.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "link4/bitboard.hpp"
#include "link4/solver.hpp"
#include "link4/stream.hpp"

namespace link4 {

template <typename G>
class Book;

enum class PlayerKind : std::uint8_t {
    kRandom,     // a legal column, uniformly
    kBeginner,   // wins it sees and blocks, each at its own rate, else near-random
    kHeuristic,  // a depth-limited heuristic search with noise (heuristic.hpp)
    kExact,      // the solver, with a heuristic fallback when depth > 0
};

// What a player is. The heuristic fields serve kHeuristic, and kExact's fallback (used
// before exact_min_ply discs are down, unless exact_in_book and the opening book answers
// the move at once, or when the solver does not finish within its budget); without a
// fallback (depth 0) kExact plays the move behind the best bound the search proved.
struct PlayerSpec {
    PlayerKind kind = PlayerKind::kRandom;
    int depth = 0;             // plies, the move itself included
    int margin = 0;            // moves within margin of the best count as equal
    double careless = 0;       // the chance of a random safe move instead
    std::uint64_t max_nodes = 0;    // of the heuristic search (0: none)
    std::uint64_t exact_nodes = 0;  // per move (0: none)
    double exact_seconds = 0;       // per move (0: none)
    int exact_min_ply = 0;
    bool exact_in_book = false;
    double win_chance = 1;     // kBeginner: the chance it takes a win in one it has
    double block_chance = 0.5; // kBeginner: the chance it avoids a move that loses at once
    bool operator==(const PlayerSpec&) const = default;
};

// The field of a spec out of its range, the first one, or kNone: a player with a
// heuristic search of no ply, a negative margin or a chance outside [0, 1] would have no
// column left to choose from.
enum class SpecField : std::uint8_t {
    kNone, kDepth, kMargin, kExactMinPly, kCareless, kExactSeconds, kWinChance, kBlockChance
};
SpecField bad_field(const PlayerSpec& spec);

// The playing levels are 1 to kLevels, weakest first; kPerfectLevel is perfect play.
constexpr int kLevels = 8;
constexpr int kPerfectLevel = kLevels + 1;

// A column of a non-empty set, uniformly, with one draw of `rng`: the random player's
// move, and the moves of the batched environment's random openings.
int pick_column(ColumnSet set, Stream& rng);

// The levels' players. Precondition: 1 <= level <= kPerfectLevel.
PlayerSpec level_spec(int level);

// The columns (bit c for column c) that do not let the opponent win with its next disc,
// immediate wins included; none when every move loses at once.
template <typename G>
ColumnSet safe_columns(const Position<G>& pos);

template <typename G>
class Player {
  public:
    // `book` (may be null) answers the exact player's opening positions; its solver,
    // with a table of table_bytes, is made on its first exact search.
    Player(G g, const PlayerSpec& spec, std::shared_ptr<const Book<G>> book,
           std::size_t table_bytes);
    ~Player();
    Player(Player&&) noexcept;
    Player& operator=(Player&&) noexcept;

    // A legal column for the side to move, drawing what it draws from `rng`. When the
    // move comes from an exact search, `score` (if given) is set to the position's exact
    // score, else left alone. The exact searches use `lent` when given (a solver whose
    // table and threads the caller shares with other work; its book is the one used),
    // else the player's own. Precondition: the game is not over.
    int choose(const Position<G>& pos, Stream& rng, std::optional<int>* score = nullptr,
               Solver<G>* lent = nullptr);

    // `poll` is called now and then during the exact searches; when it returns true the
    // search stops and the move is the fallback's (or the best bound's).
    void watch(bool (*poll)(void*)) { poll_ = poll; }

    const PlayerSpec& spec() const { return spec_; }
    const G& geometry() const { return g_; }

  private:
    int heuristic(const Position<G>& pos, Stream& rng) const;
    int exact(const Position<G>& pos, Stream& rng, std::optional<int>* score, Solver<G>* lent);

    [[no_unique_address]] G g_;
    PlayerSpec spec_;
    std::shared_ptr<const Book<G>> book_;
    std::size_t table_bytes_;
    std::unique_ptr<Solver<G>> solver_;
    bool (*poll_)(void*) = nullptr;
};

}  // namespace link4
