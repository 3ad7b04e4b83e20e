// Bindings for the built-in players and the batched environment (link4/players.hpp,
// link4/vector_env.hpp). Arrays cross as Python buffers (numpy arrays, in practice,
// made by link4.vector): checked here for type, size and layout, then written in place
// without the GIL. Nothing here imports numpy, so `import link4` does not either.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "any_book.hpp"
#include "common.hpp"
#include "guarded_solver.hpp"
#include "link4/players.hpp"
#include "link4/vector_env.hpp"

namespace link4::bindings {
namespace {

// A contiguous buffer of `count` items of T, or a bad_argument error naming it.
template <typename T>
class Items {
  public:
    Items(const py::handle& obj, std::size_t count, const char* name, bool writable) {
        const auto fail = [&] { raise_bad_argument(name, static_cast<long long>(count)); };
        if (!PyObject_CheckBuffer(obj.ptr())) fail();
        info_ = py::reinterpret_borrow<py::buffer>(obj).request(writable);
        const std::string_view format = info_.format;
        bool typed = info_.itemsize == static_cast<py::ssize_t>(sizeof(T));
        if constexpr (std::is_same_v<T, double>) typed = typed && format == "d";
        if constexpr (std::is_same_v<T, std::int64_t>) typed = typed && (format == "q" || format == "l");
        if constexpr (std::is_same_v<T, std::uint64_t>) typed = typed && (format == "Q" || format == "L");
        if constexpr (sizeof(T) == 1) typed = typed && (format == "b" || format == "B" || format == "?");
        bool contiguous = true;
        py::ssize_t stride = info_.itemsize;
        for (py::ssize_t d = info_.ndim - 1; d >= 0; --d) {
            contiguous = contiguous && (info_.shape[d] == 1 || info_.strides[d] == stride);
            stride *= info_.shape[d];
        }
        if (!typed || !contiguous || static_cast<std::size_t>(info_.size) != count) fail();
    }
    T* get() const { return static_cast<T*>(info_.ptr); }

  private:
    py::buffer_info info_;
};

// A real argument out of its range.
[[noreturn]] void raise_bad_real(const char* name, double value) {
    py::dict details;
    details["name"] = name;
    details["value"] = value;
    raise_error(ErrorCode::kBadArgument, details);
}

// A player's fields as the core needs them (players.hpp, bad_field).
const PlayerSpec& checked(const PlayerSpec& spec) {
    switch (bad_field(spec)) {
        case SpecField::kNone: break;
        case SpecField::kDepth: raise_bad_argument("depth", spec.depth);
        case SpecField::kMargin: raise_bad_argument("margin", spec.margin);
        case SpecField::kExactMinPly: raise_bad_argument("exact_min_ply", spec.exact_min_ply);
        case SpecField::kCareless: raise_bad_real("careless", spec.careless);
        case SpecField::kExactSeconds: raise_bad_real("exact_seconds", spec.exact_seconds);
        case SpecField::kWinChance: raise_bad_real("win_chance", spec.win_chance);
        case SpecField::kBlockChance: raise_bad_real("block_chance", spec.block_chance);
    }
    return spec;
}

template <typename T>
std::optional<Items<T>> maybe(const py::object& obj, std::size_t count, const char* name, bool writable) {
    if (obj.is_none()) return std::nullopt;
    return Items<T>(obj, count, name, writable);
}

using OptionalBook = std::optional<std::shared_ptr<AnyBook>>;  // None: no book
using AnyVectorEnv = AnySize<VectorEnv>;
using AnyBots = AnySize<Bots>;

// The batch's output arrays as Python hands them over (None: not written), held for
// the length of one call.
struct Outputs {
    std::optional<Items<std::int8_t>> observations, masks, viewers, opponent_moves;
    std::optional<Items<double>> rewards, player_rewards;
    std::optional<Items<bool>> terminated, illegal;

    Outputs(const py::tuple& arrays, std::size_t n, int width, int height) {
        if (arrays.size() != 8) raise_bad_argument("outputs", static_cast<long long>(arrays.size()));
        const std::size_t cells = static_cast<std::size_t>(width * height);
        observations = maybe<std::int8_t>(arrays[0], n * cells * 2, "observations", true);
        masks = maybe<std::int8_t>(arrays[1], n * static_cast<std::size_t>(width), "action_masks", true);
        rewards = maybe<double>(arrays[2], n, "rewards", true);
        player_rewards = maybe<double>(arrays[3], 2 * n, "player_rewards", true);
        terminated = maybe<bool>(arrays[4], n, "terminated", true);
        illegal = maybe<bool>(arrays[5], n, "illegal", true);
        viewers = maybe<std::int8_t>(arrays[6], n, "viewers", true);
        opponent_moves = maybe<std::int8_t>(arrays[7], n, "opponent_moves", true);
    }
    EnvOutputs pointers() const {
        const auto ptr = [](const auto& items) { return items ? items->get() : nullptr; };
        return {ptr(observations), ptr(masks), ptr(rewards), ptr(player_rewards),
                ptr(terminated), ptr(illegal), ptr(viewers), ptr(opponent_moves)};
    }
};

std::unique_ptr<AnyVectorEnv> make_env(int width, int height, std::size_t count, std::optional<PlayerSpec> opponent,
                                       int agent, const OptionalBook& book, std::size_t table_bytes, int threads,
                                       int inarow) {
    require_supported_game(width, height, inarow);
    if (opponent) checked(*opponent);
    return std::make_unique<AnyVectorEnv>(width, height, inarow, [&](const auto& g) {
        using G = std::decay_t<decltype(g)>;
        return std::make_shared<VectorEnv<G>>(g, count, opponent, agent, book_for(g, book.value_or(nullptr)),
                                              table_bytes, threads);
    });
}

std::size_t env_count(const AnyVectorEnv& env) {
    return env.visit([](const auto& e) { return e.size(); });
}

void reset(AnyVectorEnv& env, const py::object& seeds, const py::object& which, const py::tuple& arrays) {
    const std::size_t n = env_count(env);
    const auto s = maybe<std::uint64_t>(seeds, n, "seeds", false);
    const auto w = maybe<bool>(which, n, "which", false);
    const Outputs out(arrays, n, env.width(), env.height());
    WithoutGil released;
    env.visit([&](auto& e) { e.reset(s ? s->get() : nullptr, w ? w->get() : nullptr, out.pointers()); });
}

void step(AnyVectorEnv& env, const py::object& actions, bool autoreset, const py::tuple& arrays) {
    const Items<std::int64_t> a(actions, env_count(env), "actions", false);
    const Outputs out(arrays, env_count(env), env.width(), env.height());
    WithoutGil released;
    env.visit([&](auto& e) { e.step(a.get(), autoreset, out.pointers()); });
}

// Every environment's moves so far (cells() per environment, -1 past the last), the
// opponent's exact scores before its moves (kNoScore where none), the agents' sides.
void history(const AnyVectorEnv& env, const py::object& moves, const py::object& scores,
             const py::object& agents) {
    const std::size_t n = env_count(env), cells = static_cast<std::size_t>(env.width() * env.height());
    const Items<std::int8_t> m(moves, n * cells, "moves", true), s(scores, n * cells, "scores", true);
    const Items<std::int8_t> a(agents, n, "agents", true);
    env.visit([&](const auto& e) { e.history(m.get(), s.get(), a.get()); });
}

std::unique_ptr<AnyBots> make_bots(int width, int height, const PlayerSpec& spec, const OptionalBook& book,
                                   std::size_t table_bytes, int threads, int inarow) {
    require_supported_game(width, height, inarow);
    checked(spec);
    return std::make_unique<AnyBots>(width, height, inarow, [&](const auto& g) {
        using G = std::decay_t<decltype(g)>;
        return std::make_shared<Bots<G>>(g, spec, book_for(g, book.value_or(nullptr)), table_bytes, threads);
    });
}

void choose_all(AnyBots& bots, const AnyVectorEnv& env, const py::object& streams, const py::object& out) {
    require_game("environment", env.width(), env.height(), env.inarow(), bots);
    const Items<std::uint64_t> s(streams, env_count(env), "streams", true);
    const Items<std::int64_t> o(out, env_count(env), "out", true);
    WithoutGil released;
    bots.visit_with(env, [&](auto& b, const auto& e) { b.choose(e, s.get(), o.get()); });
}

// One player, for one game at a time (link4.players: the Engine, the single
// environment's opponent).
class AnyPlayer {
  public:
    explicit AnyPlayer(AnySize<Player> player) : player_(std::move(player)) {}

    // The move in `p`; its exact searches on `lent` when given (held for the call, as
    // any search of it is), else on the player's own solver. Ctrl-C stops a search and
    // is raised once the move is made.
    int choose(const AnyPosition& p, Stream& rng, std::optional<GuardedSolver*> solver) {
        GuardedSolver* lent = solver.value_or(nullptr);
        require_game_of(p, player_);
        last_score_.reset();
        int move = -1;
        if (lent) {
            const GuardedSolver::Claim claim(*lent);
            require_game_of(p, lent->solver);
            player_.visit_with(lent->solver, [&](auto& player, auto& lent_solver) {
                const auto pos = typed(player.geometry(), p);
                require_running(pos);
                WithoutGil released;
                move = player.choose(pos, rng, &last_score_, &lent_solver);
            });
        } else {
            player_.with_position(p, [&](auto& player, const auto& pos) {
                require_running(pos);
                WithoutGil released;
                move = player.choose(pos, rng, &last_score_);
            });
        }
        if (PyErr_Occurred()) throw py::error_already_set();
        return move;
    }

    // The exact score of the position of the last choice, when an exact search (or a
    // win in one) made it.
    std::optional<int> last_score() const { return last_score_; }

  private:
    AnySize<Player> player_;
    std::optional<int> last_score_;
};

std::unique_ptr<AnyPlayer> make_player(int width, int height, const PlayerSpec& spec, const OptionalBook& book,
                                       std::size_t table_bytes, int inarow) {
    require_supported_game(width, height, inarow);
    checked(spec);
    return std::make_unique<AnyPlayer>(AnySize<Player>(width, height, inarow, [&](const auto& g) {
        using G = std::decay_t<decltype(g)>;
        auto player = std::make_shared<Player<G>>(g, spec, book_for(g, book.value_or(nullptr)), table_bytes);
        player->watch(poll_signals);
        return player;
    }));
}

}  // namespace

void register_vector_env(py::module_& m);

void register_players(py::module_& m) {
    py::class_<Stream>(m, "Stream")
        .def(py::init<std::uint64_t>(), py::arg("state") = 0)
        .def_static("seeded", &Stream::seeded, py::arg("seed"))
        .def_property_readonly("state", &Stream::state)
        .def("next", &Stream::next)
        .def("below", [](Stream& s, int n) {
            if (n < 1) raise_bad_argument("n", n);
            return s.below(n);
        }, py::arg("n"))
        .def("unit", &Stream::unit);
    py::enum_<PlayerKind>(m, "PlayerKind")
        .value("RANDOM", PlayerKind::kRandom)
        .value("BEGINNER", PlayerKind::kBeginner)
        .value("HEURISTIC", PlayerKind::kHeuristic)
        .value("EXACT", PlayerKind::kExact);
    py::class_<PlayerSpec>(m, "PlayerSpec")
        .def(py::init<>())
        .def_readwrite("kind", &PlayerSpec::kind)
        .def_readwrite("depth", &PlayerSpec::depth)
        .def_readwrite("margin", &PlayerSpec::margin)
        .def_readwrite("careless", &PlayerSpec::careless)
        .def_readwrite("max_nodes", &PlayerSpec::max_nodes)
        .def_readwrite("exact_nodes", &PlayerSpec::exact_nodes)
        .def_readwrite("exact_seconds", &PlayerSpec::exact_seconds)
        .def_readwrite("exact_min_ply", &PlayerSpec::exact_min_ply)
        .def_readwrite("exact_in_book", &PlayerSpec::exact_in_book)
        .def_readwrite("win_chance", &PlayerSpec::win_chance)
        .def_readwrite("block_chance", &PlayerSpec::block_chance)
        .def("__eq__", [](const PlayerSpec& a, const PlayerSpec& b) { return a == b; });
    m.def("level_spec", [](int level) {
        if (level < 1 || level > kPerfectLevel) raise_bad_argument("level", level);
        return level_spec(level);
    }, py::arg("level"), "The player of a level: 1 to LEVELS, PERFECT_LEVEL for perfect play.");
    m.attr("LEVELS") = kLevels;
    m.attr("PERFECT_LEVEL") = kPerfectLevel;
    m.def("safe_columns", [](const AnyPosition& p) {
        return with_position(p, [](const auto& pos) {
            require_running(pos);
            return column_list(safe_columns(pos));
        });
    }, py::arg("position"), "The columns that do not let the opponent win with its next disc.");
    py::class_<AnyPlayer>(m, "Player")
        .def(py::init(&make_player),
             py::arg("width"), py::arg("height"), py::arg("spec"), py::arg("book"), py::arg("table_bytes"),
             py::arg("inarow") = kConnectFour)
        .def("choose", &AnyPlayer::choose, py::arg("position"), py::arg("stream"), py::arg("solver") = std::nullopt)
        .def_property_readonly("last_score", &AnyPlayer::last_score);
    register_vector_env(m);
}

// The planes of one position seen by `viewer` (0: red, 1: yellow) into `out`, the
// environments' own (link4/vector_env.hpp's write_planes): Game.to_planes and the
// PettingZoo environment ask for them here.
void planes(const AnyPosition& p, int viewer, const py::object& out) {
    if (viewer != 0 && viewer != 1) raise_bad_argument("viewer", viewer);
    const Items<std::int8_t> o(out, static_cast<std::size_t>(p.width * p.height) * 2, "out", true);
    with_position(p, [&](const auto& pos) {
        const auto& g = pos.geometry();
        const auto mine = pos.moves() % 2 == viewer ? pos.current() : pos.opponent();
        write_planes(g, mine, mine ^ pos.mask(), o.get());
    });
}

void register_vector_env(py::module_& m) {
    m.attr("NO_SCORE") = kNoScore;
    m.attr("MAX_OPENING_PLIES") = kMaxOpeningPlies;
    m.def("max_opening_plies", &max_opening_plies, py::arg("inarow"),
          "The most random opening moves of a game of `inarow` in a row: none completes a line.");
    m.def("planes", &planes, py::arg("position"), py::arg("viewer"), py::arg("out"));
    py::class_<AnyVectorEnv>(m, "VectorEnv")
        .def(py::init(&make_env),
             py::arg("width"), py::arg("height"), py::arg("count"), py::arg("opponent"),
             py::arg("agent"), py::arg("book"), py::arg("table_bytes"), py::arg("threads"),
             py::arg("inarow") = kConnectFour)
        .def_property_readonly("size", &env_count)
        .def_property_readonly("width", &AnyVectorEnv::width)
        .def_property_readonly("height", &AnyVectorEnv::height)
        .def_property_readonly("inarow", &AnyVectorEnv::inarow)
        .def("reset", &reset, py::arg("seeds"), py::arg("which"), py::arg("outputs"))
        .def("step", &step, py::arg("actions"), py::arg("autoreset"), py::arg("outputs"))
        .def("masks", [](const AnyVectorEnv& env, const py::object& out) {
            const Items<std::int8_t> o(out, env_count(env) * static_cast<std::size_t>(env.width()), "out", true);
            env.visit([&](const auto& e) { e.masks(o.get()); });
        }, py::arg("out"))
        .def("legal_actions", [](const AnyVectorEnv& env, const py::object& u, const py::object& out) {
            const Items<double> uniform(u, env_count(env), "u", false);
            const Items<std::int64_t> o(out, env_count(env), "out", true);
            env.visit([&](const auto& e) { e.legal_actions(uniform.get(), o.get()); });
        }, py::arg("u"), py::arg("out"))
        .def("position", [](const AnyVectorEnv& env, std::size_t i) {
            if (i >= env_count(env)) raise_bad_argument("index", static_cast<long long>(i));
            return env.visit([&](const auto& e) { return erased(e.position(i)); });
        }, py::arg("index"))
        .def("history", &history, py::arg("moves"), py::arg("scores"), py::arg("agents"))
        .def_property("opening_plies",
            [](const AnyVectorEnv& env) { return env.visit([](const auto& e) { return e.opening_plies(); }); },
            [](AnyVectorEnv& env, int plies) {
                env.visit([&](auto& e) {
                    if (plies < 0 || plies > max_opening_plies(e.geometry().inarow()))
                        raise_bad_argument("opening_plies", plies);
                    e.set_opening_plies(plies);
                });
            });
    py::class_<AnyBots>(m, "Bots")
        .def(py::init(&make_bots),
             py::arg("width"), py::arg("height"), py::arg("spec"), py::arg("book"),
             py::arg("table_bytes"), py::arg("threads"), py::arg("inarow") = kConnectFour)
        .def("choose", &choose_all, py::arg("env"), py::arg("streams"), py::arg("out"));
}

}  // namespace link4::bindings
