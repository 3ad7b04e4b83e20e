// A batch of Connect Four environments stepped together (link4.vector): each holds a
// game, its random stream and the side its agent plays. One call plays a move in every
// environment, answers it with the built-in opponent's move (players.hpp) when there is
// one, and writes the observations, action masks, rewards and flags for the whole batch
// into the caller's arrays: no work per environment is left to Python.
//
// Two modes. Against an opponent, the agent plays one side (fixed, or drawn per episode)
// and every observation is the agent's view. In self-play (no opponent) both sides act
// through step() in turn and every observation is the view of the side to move.
//
// An episode ends with a four, a full board, or an illegal action (a column outside the
// board, or full): the actor loses (-1) and the position stays as it was. An environment
// whose episode ended starts the next one at its next step, that step's action unused
// (Gymnasium's "next step" autoreset), or, without autoreset, waits for the caller to
// reset it.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "link4/bitboard.hpp"
#include "link4/players.hpp"
#include "link4/stream.hpp"

namespace link4 {

// The batch's arrays a step or a reset writes, one entry (or row) per environment; a
// null one is not written.
struct EnvOutputs {
    std::int8_t* observations = nullptr;  // height x width x 2 each: the viewer's discs, the other's; top row first
    std::int8_t* action_masks = nullptr;  // width each: 1 where a move is legal (none once over)
    double* rewards = nullptr;            // the actor's reward (0 at a reset)
    double* player_rewards = nullptr;     // 2 each: red's and yellow's reward
    bool* terminated = nullptr;
    bool* illegal = nullptr;              // the action was illegal
    std::int8_t* viewers = nullptr;       // whose view the observation is: 1 red, 2 yellow
    std::int8_t* opponent_moves = nullptr;  // the opponent's reply, -1 for none
};

inline constexpr std::int8_t kNoScore = -128;
inline constexpr int kAgentDrawn = -1;  // the agent's side drawn at each episode
// The most random moves an episode may open with: six, so that no opening completes a
// four (red's fourth disc is the seventh move).
inline constexpr int kMaxOpeningPlies = 6;
// The most for a game of `inarow` in a row: fewer than red's k-th disc, move 2k - 1.
constexpr int max_opening_plies(int inarow) {
    return 2 * inarow - 2 < kMaxOpeningPlies ? 2 * inarow - 2 : kMaxOpeningPlies;
}

template <typename G>
class VectorEnv {
  public:
    // `opponent`: none for self-play. `agent`: 0 (red), 1 (yellow) or kAgentDrawn.
    // `threads` share the steps; each runs an opponent of its own (with a table of
    // table_bytes when it searches). Every stream starts from seed 0 until reset.
    VectorEnv(G g, std::size_t count, std::optional<PlayerSpec> opponent, int agent,
              std::shared_ptr<const Book<G>> book, std::size_t table_bytes, int threads);

    std::size_t size() const { return envs_.size(); }
    const G& geometry() const { return g_; }
    bool self_play() const { return players_.empty(); }

    // Each episode from the next reset on starts with `plies` uniformly random moves
    // (drawn from the environment's stream), before the agent's or the opponent's
    // first: openings that vary the games, as the levels' ladder plays them.
    // Precondition: 0 <= plies <= max_opening_plies(its line).
    void set_opening_plies(int plies) {
        assert(plies >= 0 && plies <= max_opening_plies(g_.inarow()));
        opening_plies_ = plies;
    }
    int opening_plies() const { return opening_plies_; }

    // Starts a new episode in the environments of `which` (null: all), after seeding
    // their streams with `seeds` (indexed by environment; null: each goes on with its
    // own), and writes their outputs.
    void reset(const std::uint64_t* seeds, const bool* which, const EnvOutputs& out);

    // Plays actions[i] in every environment i and writes every output. An environment
    // whose episode is over starts the next one instead when `autoreset`; otherwise it
    // stays as it is, its action unused, and reports its end again (reward 0).
    void step(const std::int64_t* actions, bool autoreset, const EnvOutputs& out);

    // Writes the action masks alone.
    void masks(std::int8_t* out) const;
    // For each environment, u[i] in [0, 1) picks one of its legal columns (0 once over).
    void legal_actions(const double* u, std::int64_t* out) const;

    const Position<G>& position(std::size_t i) const { return envs_[i].pos; }
    bool over(std::size_t i) const { return envs_[i].over; }
    int agent(std::size_t i) const { return envs_[i].agent; }
    std::uint64_t stream_state(std::size_t i) const { return envs_[i].rng.state(); }
    // The moves of environment i's episode (position(i).moves() of them), and the
    // opponent's exact score (its view) before each of its moves, kNoScore where its
    // move came from no finished exact search: cells() entries per environment.
    const std::int8_t* moves(std::size_t i) const { return &moves_[i * cells_]; }
    const std::int8_t* opponent_scores(std::size_t i) const { return &scores_[i * cells_]; }
    // The same for the whole batch, into arrays of size() x cells() bytes (the moves, -1
    // past the last; the scores) and of size() (the agents' sides).
    void history(std::int8_t* moves, std::int8_t* scores, std::int8_t* agents) const;

  private:
    int opening_plies_ = 0;
    struct Env {
        Position<G> pos;
        Stream rng;
        std::int8_t agent = 0;
        bool over = false;
    };
    // What step() did in one environment, before its outputs are written.
    struct Outcome {
        double reward = 0;     // the actor's
        int actor = 0;         // 0 red, 1 yellow
        bool illegal = false;
        int opponent_move = -1;
    };

    void start(std::size_t i, Player<G>* opponent, const EnvOutputs& out);
    Outcome act(std::size_t i, std::int64_t action, Player<G>* opponent);
    void play(std::size_t i, int col);
    void write(std::size_t i, const Outcome& what, const EnvOutputs& out) const;
    void write_masks(std::size_t i, std::int8_t* out) const;
    int viewer(std::size_t i) const;
    Player<G>* opponent(int thread);
    int threads_for_work() const;

    [[no_unique_address]] G g_;
    std::size_t cells_;
    std::vector<Env> envs_;
    std::vector<std::int8_t> moves_, scores_;
    std::vector<Player<G>> players_;  // one per thread; none in self-play
    int agent_;
    int threads_;
};

// A built-in player for every environment of a batch, each with a stream of its own:
// the moves of an agent that is one of the built-in players (link4.evaluate), or of an
// opponent a training loop runs itself.
template <typename G>
class Bots {
  public:
    Bots(G g, const PlayerSpec& spec, std::shared_ptr<const Book<G>> book,
         std::size_t table_bytes, int threads);
    // For each environment i of `env` whose episode runs, the player's move, drawn with
    // the stream whose state is streams[i] (and left there); -1 where it is over.
    void choose(const VectorEnv<G>& env, std::uint64_t* streams, std::int64_t* out);
    const G& geometry() const { return players_.front().geometry(); }

  private:
    std::vector<Player<G>> players_;  // one per thread
};

// Planes of a position seen by `viewer_discs`' owner: `planes` gets height x width x 2
// bytes, top row first, 1 where the cell holds the viewer's disc (plane 0) or the
// other's (plane 1).
template <typename G>
void write_planes(const G& g, WordOf<G> viewer_discs, WordOf<G> other_discs, std::int8_t* planes);

}  // namespace link4
