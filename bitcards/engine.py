"""One engine shape for every game: a state on masks, legal actions, apply, returns; bulk playouts.

A game's **state** is one row of ``int64`` numbers (card masks fit: no deck has
more than 52 cards). Every row starts with the same header:

=========  =====  ==================================================================
field      index  meaning
=========  =====  ==================================================================
player     0      whose turn it is: ``0 .. n_players - 1``, :data:`CHANCE` (-2) when
                  the next action is drawn at random (a card dealt), :data:`TERMINAL`
                  (-1) when the game is over
phase      1      the game's phase code (bidding, play, ...; each game lists them)
moves      2      how many actions were applied
=========  =====  ==================================================================

The game's own fields follow (each game publishes their names, e.g.
``bitcards.jass.engine.FIELDS``). An **action** is a small int below 64 (a
card's bit, or a game's code for "pass", "hand", ...), so the legal actions of
a state are one ``uint64`` mask. At a chance node the mask holds the possible
outcomes, each equally likely.

The rules of a game are five small njit functions of ``(g, s, ...)``, where
``g`` is the game's configuration (a ``NamedTuple`` of options) and ``s`` the
state row: :func:`init_state` (from one row of :func:`bitcards.deal`),
:func:`legal_actions`, :func:`apply_action` (no checks: the Python layer
checks), :func:`returns` (one int per player, higher is better) and
:func:`observe` (the state as seen by one player: the other players' cards
hidden). A game registers them with :func:`register` (its engine module with
:func:`register_module`, which finds them by name); from then on the generic
verbs below, the bulk kernels and :class:`GameState` work for it. Nothing else
is written per game.

Bulk: :func:`playout` plays ``n`` games, each from its own deal, in Numba, with
a **policy**: ``"random"`` (uniform over the legal actions, built in), a policy
the game ships (``bitcards.<game>.engine.POLICIES``), or your own njit function
``policy(s, legal, rng) -> action`` (``s`` the state row, ``legal`` the mask,
``rng`` a one-element ``uint64`` array holding the row's random stream: draw
with :func:`draw`). Game ``i`` depends only on the seed and ``start + i``:
results are identical for any thread count or chunking.

>>> import bitcards
>>> st = bitcards.new_game("jass", seed=1, contract="h")
>>> st.current_player, st.phase_name, len(st.legal_actions())
(0, 'play', 9)
>>> st.apply(st.legal_actions()[0]).current_player
1
>>> r = bitcards.playout("jass", 10_000, seed=7, contract="o")
>>> r.returns.shape, bool((r.returns[:, 0] + r.returns[:, 1] == 157).all())
((10000, 4), True)
"""

from __future__ import annotations

import dataclasses
import html
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import numba
import numpy as np
from numba import types as nbtypes
from numba.extending import overload

from bitcards._bits import ctz, mix64, popcount, select_mask
from bitcards._jit import JIT_DISABLED, njit, warmup_task
from bitcards._parallel import BatchKernel, block_rows, blocks, use_parallel
from bitcards._rng import draw_state, draw_state_skip1, row_state, seed_key
from bitcards.errors import BitcardsError, IllegalPlayError, InvalidCardsError, ParseError

if TYPE_CHECKING:
    from bitcards.layouts import Layout

__all__ = [
    "PLAYER",
    "PHASE",
    "MOVES",
    "HEADER",
    "TERMINAL",
    "CHANCE",
    "POLICY_SIGNATURE",
    "EngineSpec",
    "GameState",
    "GameRecord",
    "Playouts",
    "register",
    "register_module",
    "MODULE_NAMES",
    "engine_spec",
    "engines",
    "new_game",
    "initial_states",
    "playout",
    "replay",
    "draw",
    "random_action",
    "init_state",
    "legal_actions",
    "apply_action",
    "returns",
    "observe",
]

PLAYER, PHASE, MOVES = 0, 1, 2
#: fields every state row starts with
HEADER = 3
TERMINAL = -1
CHANCE = -2

#: ``policy(s, legal, rng) -> action``: state row, legal-action mask, the row's random stream
POLICY_SIGNATURE = nbtypes.int64(nbtypes.int64[::1], nbtypes.uint64, nbtypes.uint64[::1])
_POLICY_TYPE = nbtypes.FunctionType(POLICY_SIGNATURE)

# separate random streams for the policy and for chance, and for dealing when no deals are given
_POLICY_SALT = 0x504F_4C49_4359_0001
_CHANCE_SALT = 0x4348_414E_4345_0001


def stream_keys(key: int) -> tuple[np.uint64, np.uint64]:
    """The keys of the policy's and of chance's random streams of a run whose seed key is ``key``.

    Game ``i`` of :func:`playout` draws from ``row_state(pkey, start + i)`` and ``row_state(ckey, start + i)``:
    a kernel that steps games itself (a study, say) uses the same streams to play the same games.
    """
    return np.uint64(mix64(key ^ _POLICY_SALT)), np.uint64(mix64(key ^ _CHANCE_SALT))


# --- the generic verbs ----------------------------------------------------------------------
# Each is a plain Python function that dispatches on the configuration's class (used when the
# JIT is off); with the JIT, :func:`register` adds a Numba overload per game, resolved at compile
# time, so a kernel written once against these verbs is compiled (and cached) per game.

_ENGINES: dict[str, EngineSpec] = {}
_BY_CONFIG: dict[type, EngineSpec] = {}


def _spec_of(g: Any) -> EngineSpec:
    return _BY_CONFIG[type(g)]


def init_state(g, s, deal):  # type: ignore[no-untyped-def]
    """Fill state row ``s`` from one dealt row ``deal`` (``uint64`` masks, the game's deal columns)."""
    _spec_of(g).init_state(g, s, deal)


def legal_actions(g, s):  # type: ignore[no-untyped-def]
    """The legal actions of state ``s`` as a ``uint64`` mask (at a chance node: the outcomes)."""
    return _spec_of(g).legal_actions(g, s)


def apply_action(g, s, a):  # type: ignore[no-untyped-def]
    """Apply action ``a`` to ``s`` in place. ``a`` must be legal: nothing is checked here."""
    _spec_of(g).apply_action(g, s, a)


def returns(g, s, out):  # type: ignore[no-untyped-def]
    """Each player's result into ``out`` (``int64``, higher is better; meaningful when terminal)."""
    _spec_of(g).returns(g, s, out)


def observe(g, s, player, out):  # type: ignore[no-untyped-def]
    """``s`` as ``player`` sees it, into ``out`` (same width): cards the player cannot see are 0."""
    _spec_of(g).observe(g, s, player, out)


def _install_overloads(spec: EngineSpec) -> None:
    cls = spec.config

    def mine(g: Any) -> bool:
        return isinstance(g, nbtypes.BaseNamedTuple) and getattr(g, "instance_class", None) is cls

    init_f, legal_f, apply_f = spec.init_state, spec.legal_actions, spec.apply_action
    returns_f, observe_f = spec.returns, spec.observe

    @overload(init_state, inline="always")
    def _ol_init(g, s, deal):  # type: ignore[no-untyped-def]
        if mine(g):
            return lambda g, s, deal: init_f(g, s, deal)
        return None

    @overload(legal_actions, inline="always")
    def _ol_legal(g, s):  # type: ignore[no-untyped-def]
        if mine(g):
            return lambda g, s: legal_f(g, s)
        return None

    @overload(apply_action, inline="always")
    def _ol_apply(g, s, a):  # type: ignore[no-untyped-def]
        if mine(g):
            return lambda g, s, a: apply_f(g, s, a)
        return None

    @overload(returns, inline="always")
    def _ol_returns(g, s, out):  # type: ignore[no-untyped-def]
        if mine(g):
            return lambda g, s, out: returns_f(g, s, out)
        return None

    @overload(observe, inline="always")
    def _ol_observe(g, s, player, out):  # type: ignore[no-untyped-def]
        if mine(g):
            return lambda g, s, player, out: observe_f(g, s, player, out)
        return None


# --- randomness and policies -----------------------------------------------------------------
@njit(inline="always")
def _pick(legal, state):  # type: ignore[no-untyped-def]
    """``(action, state)``: one set bit of ``legal``, uniform (no draw when there is only one)."""
    state, j = draw_state_skip1(state, popcount(legal))
    return np.int64(ctz(select_mask(legal, j))), state


@njit(inline="always")
def draw(rng, k):  # type: ignore[no-untyped-def]
    """A uniform int in ``[0, k)`` (``1 <= k <= 64``) from the stream in ``rng[0]``, which advances."""
    state, j = draw_state(rng[0], k)
    rng[0] = state
    return j


@njit(inline="always")
def random_action(legal, rng):  # type: ignore[no-untyped-def]
    """One action uniform among the set bits of ``legal`` (no draw when there is only one)."""
    a, state = _pick(legal, rng[0])
    rng[0] = state
    return a


class RandomPolicy(NamedTuple):
    """The built-in policy: every action uniform among the legal ones."""


RANDOM = RandomPolicy()


def _is_random(policy: Any) -> bool:
    return isinstance(policy, nbtypes.BaseNamedTuple) and getattr(policy, "instance_class", None) is RandomPolicy


def _act(policy, s, legal, rng, state):  # type: ignore[no-untyped-def]
    """``(action, state)``: the policy's action; ``state`` is the row's random stream.

    The built-in random policy keeps the stream in a register; another policy
    gets it in ``rng[0]``. (The Python path; Numba resolves the overload below.)
    """
    if isinstance(policy, RandomPolicy):
        return _pick(legal, state)
    rng[0] = state
    a = policy(s, legal, rng)
    return a, rng[0]


@overload(_act, inline="always")
def _ol_act(policy, s, legal, rng, state):  # type: ignore[no-untyped-def]
    if _is_random(policy):
        return lambda policy, s, legal, rng, state: _pick(legal, state)

    def call(policy, s, legal, rng, state):  # type: ignore[no-untyped-def]
        rng[0] = state
        a = policy(s, legal, rng)
        return a, rng[0]

    return call


def _checked(policy):  # type: ignore[no-untyped-def]
    """Whether the policy's actions must be checked (the built-in random one's need not)."""
    return not isinstance(policy, RandomPolicy)


@overload(_checked, inline="always")
def _ol_checked(policy):  # type: ignore[no-untyped-def]
    if _is_random(policy):
        return lambda policy: False
    return lambda policy: True


# --- a game's own loop for the random policy ----------------------------------------------------
def _has_random_play(g):  # type: ignore[no-untyped-def]
    """Whether the game ships its own random-policy loop (:attr:`EngineSpec.random_play`)."""
    return _spec_of(g).random_play is not None


def _random_play(g, s, pst, cst, actions, record):  # type: ignore[no-untyped-def]
    """The game's own random-policy loop: the same games as the generic loop, draw for draw."""
    return _spec_of(g).random_play(g, s, pst, cst, actions, record)


def _random_play_of(g: Any) -> Any:
    spec = _BY_CONFIG.get(getattr(g, "instance_class", None))  # type: ignore[arg-type]
    return None if spec is None else spec.random_play


@overload(_has_random_play, inline="always")
def _ol_has_random_play(g):  # type: ignore[no-untyped-def]
    yes = _random_play_of(g) is not None
    return lambda g: yes


@overload(_random_play, inline="always")
def _ol_random_play(g, s, pst, cst, actions, record):  # type: ignore[no-untyped-def]
    f = _random_play_of(g)
    if f is None:
        return lambda g, s, pst, cst, actions, record: np.int64(-1)  # never called: _has_random_play is False
    return lambda g, s, pst, cst, actions, record: f(g, s, pst, cst, actions, record)


# --- the one playout loop ---------------------------------------------------------------------
@njit
def _play(g, s, policy, rng, pst, cst, actions, record):  # type: ignore[no-untyped-def]
    """Play ``s`` to the end from the policy stream ``pst`` and the chance stream ``cst``.

    Records the actions (chance outcomes included) into ``actions``. Returns
    the number of actions applied, or ``-1`` if the policy chose an illegal
    action (the game is left where it was). ``rng`` is the policy's scratch.
    With the built-in random policy, a game's own loop (``random_play``) runs
    instead when it has one.

    Not inlined into :func:`_playout_kernel` on purpose: the serial and the
    parallel build then call one compiled game body, and the parallel build
    compiles in seconds instead of re-optimising the whole game (two minutes
    for Skat); the call per game costs nothing measurable.
    """
    if not _checked(policy) and _has_random_play(g):
        return _random_play(g, s, pst, cst, actions, record)
    t = 0
    while True:
        p = s[PLAYER]
        if p == TERMINAL:
            s[MOVES] += t
            return t
        legal = legal_actions(g, s)
        if p == CHANCE:
            a, cst = _pick(legal, cst)
        else:
            a, pst = _act(policy, s, legal, rng, pst)
            if _checked(policy) and (a < 0 or a > 63 or not (legal >> np.uint64(a)) & np.uint64(1)):
                s[MOVES] += t
                return -1
        apply_action(g, s, a)
        if record and t < actions.shape[0]:
            actions[t] = a
        t += 1


@BatchKernel
def _playout_kernel(g, deals, states, init, start, pkey, ckey, policy, rets, actions, lengths, record):  # type: ignore[no-untyped-def]
    n = states.shape[0]
    for b in numba.prange(blocks(n)):
        lo, hi = block_rows(b, n)
        rng = np.empty(1, dtype=np.uint64)
        for i in range(lo, hi):
            s = states[i]
            if init:
                init_state(g, s, deals[i])
            row = np.uint64(start + i)
            lengths[i] = _play(g, s, policy, rng, row_state(pkey, row), row_state(ckey, row), actions[i], record)
            returns(g, s, rets[i])


@BatchKernel
def _init_kernel(g, deals, states):  # type: ignore[no-untyped-def]
    n = states.shape[0]
    for b in numba.prange(blocks(n)):
        lo, hi = block_rows(b, n)
        for i in range(lo, hi):
            init_state(g, states[i], deals[i])


@njit
def _legal_one(g, s):  # type: ignore[no-untyped-def]
    return legal_actions(g, s)


@njit
def _apply_one(g, s, a):  # type: ignore[no-untyped-def]
    apply_action(g, s, a)
    s[MOVES] += 1


@njit
def _returns_one(g, s, out):  # type: ignore[no-untyped-def]
    returns(g, s, out)


@njit
def _observe_one(g, s, player, out):  # type: ignore[no-untyped-def]
    observe(g, s, player, out)


def _call(disp: Any, *args: Any) -> Any:
    """Call a kernel whose arguments may include a user's njit policy.

    A Numba function passed as an argument is typed by its identity, so every new
    process would compile the kernel again; typed as a function *pointer* of
    :data:`POLICY_SIGNATURE` instead, the compiled kernel is the same for every
    policy and comes from the on-disk cache.
    """
    if JIT_DISABLED:
        return disp(*args)
    sig = tuple(
        _POLICY_TYPE if isinstance(a, numba.core.registry.CPUDispatcher) else numba.typeof(a) for a in args
    )
    cres = disp.overloads.get(sig)
    if cres is None:
        disp.compile(sig)
        cres = disp.overloads[sig]
    return cres.entry_point(*args)


# --- the registry of engines ------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class EngineSpec:
    """A game on the engine: its configuration, state layout and rule functions.

    ``fields`` names every column of the state row (the header first);
    ``phases`` names the phase codes; ``deal_game`` is what :func:`bitcards.deal`
    deals for a new game; ``action_name(g, s, a)``/``parse_action(g, s, text)``
    turn actions into text and back in state ``s`` (an action's meaning may
    depend on the phase; ``parse_action`` raises :class:`ParseError`);
    ``make_config(**options)`` builds the configuration from user options and
    ``config_options(g)`` gives them back (for records); ``policies`` are the
    game's named njit policies; ``describe(state)`` is a short text view.
    """

    game: str
    config: type
    fields: tuple[str, ...]
    phases: tuple[str, ...]
    n_players: int
    max_actions: int
    deal_game: str
    init_state: Any
    legal_actions: Any
    apply_action: Any
    returns: Any
    observe: Any
    make_config: Callable[..., Any]
    config_options: Callable[[Any], dict[str, Any]]
    action_name: Callable[[Any, np.ndarray, int], str]
    parse_action: Callable[[Any, np.ndarray, str], int]
    describe: Callable[[GameState], str]
    policies: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    #: options that make a valid configuration (for warm-up, tests and examples)
    example_options: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    #: optional: an njit ``random_play(g, s, pst, cst, actions, record) -> n_actions``, the game's own
    #: loop for the built-in random policy (for speed); it must play exactly the games of the generic
    #: loop (the same draws from ``pst``/``cst``, see :func:`random_action`), add the count to
    #: ``moves`` and record the actions as the generic loop does
    random_play: Any = None

    @property
    def width(self) -> int:
        return len(self.fields)

    def field(self, name: str) -> int:
        """The column of field ``name``."""
        try:
            return self.fields.index(name)
        except ValueError:
            raise KeyError(f"{self.game} states have no field {name!r}; fields: {', '.join(self.fields)}") from None


def register(spec: EngineSpec) -> EngineSpec:
    """Put a game on the engine (called once by the game's ``engine`` module)."""
    if spec.fields[:HEADER] != ("player", "phase", "moves"):
        raise ValueError("a state row starts with the fields player, phase, moves")
    _ENGINES[spec.game] = spec
    _BY_CONFIG[spec.config] = spec
    _install_overloads(spec)
    return spec


#: what a game's engine module names its parts, by :class:`EngineSpec` field (see :func:`register_module`)
MODULE_NAMES = {
    "fields": "FIELDS",
    "phases": "PHASES",
    "init_state": "_init",
    "legal_actions": "_legal",
    "apply_action": "_apply",
    "returns": "_returns",
    "observe": "_observe",
    "make_config": "_make_config",
    "config_options": "_options",
    "action_name": "_action_name",
    "parse_action": "_parse_action",
    "describe": "_describe",
}


def register_module(module: str, **spec: Any) -> EngineSpec:
    """Put the game of engine module ``module`` (its ``__name__``) on the engine.

    The module's parts named in :data:`MODULE_NAMES` (``FIELDS``, ``PHASES``, the
    rules ``_init``, ``_legal``, ``_apply``, ``_returns``, ``_observe`` and the
    text functions) fill those fields of the :class:`EngineSpec`; ``spec`` gives
    the others (``game``, ``config``, ``n_players``, ...).
    """
    ns = vars(sys.modules[module])
    return register(EngineSpec(**{f: ns[name] for f, name in MODULE_NAMES.items()}, **spec))


def engines() -> dict[str, EngineSpec]:
    """Every game on the engine, by name (importing the game modules that define them)."""
    from bitcards.games import GAMES

    for g in GAMES.values():
        if g.engine:
            g.module_of("engine")
    return dict(_ENGINES)


def engine_spec(game: str | EngineSpec) -> EngineSpec:
    """The engine of ``game`` (a registered game name)."""
    if isinstance(game, EngineSpec):
        return game
    from bitcards.games import get_game

    spec = get_game(game)
    if not spec.engine:
        raise BitcardsError(f"{spec.name} is not on the engine yet; games on it: {', '.join(sorted(engines()))}")
    spec.module_of("engine")
    return _ENGINES[spec.name]


# --- one game, interactively -------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class GameRecord:
    """A finished (or partial) game: the game, its options, the deal and every action in order.

    Chance outcomes (cards dealt during the game) are actions too, so replaying
    the record reproduces the game exactly. ``to_dict``/``to_json`` write it with
    card and action names; :meth:`from_dict`/:meth:`from_json` read it back.
    """

    game: str
    options: dict[str, Any]
    deal: tuple[int, ...]
    actions: tuple[int, ...]

    def replay(self) -> GameState:
        """The state after every action, each checked (:class:`IllegalPlayError` names the first illegal one)."""
        st = new_game(self.game, deal=self.deal, **self.options)
        for k, a in enumerate(self.actions):
            try:
                st.apply(a)
            except IllegalPlayError as e:
                raise IllegalPlayError(f"action {k + 1}: {e}") from None
        return st

    def to_dict(self) -> dict[str, Any]:
        from bitcards.deal import deal_spec
        from bitcards.notation import format_cards

        spec = engine_spec(self.game)
        ds = deal_spec(spec.deal_game)
        st = new_game(self.game, deal=self.deal, **self.options)
        names = []
        for a in self.actions:
            names.append(st.action_name(a))
            st.apply(a)
        return {
            "game": self.game,
            "options": dict(self.options),
            "deal": {c: format_cards(int(m), ds.layout).split() for c, m in zip(ds.columns, self.deal)},
            "actions": names,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> GameRecord:
        from bitcards.deal import deal_spec
        from bitcards.notation import parse_mask

        if not isinstance(d, Mapping) or "game" not in d or "deal" not in d or "actions" not in d:
            raise ParseError("a game record needs the keys game, deal and actions")
        spec = engine_spec(str(d["game"]))
        ds = deal_spec(spec.deal_game)
        options = dict(d.get("options") or {})
        deal_in = d["deal"]
        if isinstance(deal_in, Mapping):
            missing = [c for c in ds.columns if c not in deal_in]
            if missing:
                raise ParseError(f"the deal has no {missing[0]!r}; columns: {', '.join(ds.columns)}")
            deal_in = [deal_in[c] for c in ds.columns]
        masks = tuple(parse_mask(h, ds.layout) for h in deal_in)
        st = new_game(spec.game, deal=masks, **options)
        acts = []
        for k, name in enumerate(d["actions"]):
            try:
                a = st.parse_action(name) if isinstance(name, str) else int(name)
                st.apply(a)
            except (ParseError, IllegalPlayError) as e:
                raise type(e)(f"action {k + 1}: {e}") from None
            acts.append(a)
        return cls(spec.game, options, masks, tuple(acts))

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            d = json.loads(text)
        except json.JSONDecodeError as e:
            raise ParseError(f"not a JSON game record: {e}") from None
        return cls.from_dict(d)


class GameState:
    """One game on the engine, for interactive use: a state row plus its history.

    ``legal_actions()`` lists the legal actions (ints); ``apply(a)`` takes an int
    or its name (a card such as ``"hJ"``, or a word such as ``"pass"``) and
    raises :class:`IllegalPlayError` naming the action and the legal ones.
    """

    def __init__(self, spec: EngineSpec, config: Any, row: np.ndarray, deal: tuple[int, ...], history: list[int]) -> None:
        self.spec = spec
        self.config = config
        self.row = row
        self.deal = deal
        self.history = history

    # reading -----------------------------------------------------------
    @property
    def game(self) -> str:
        return self.spec.game

    @property
    def current_player(self) -> int:
        """``0 .. n_players - 1``, or :data:`CHANCE` / :data:`TERMINAL`."""
        return int(self.row[PLAYER])

    @property
    def phase(self) -> int:
        return int(self.row[PHASE])

    @property
    def phase_name(self) -> str:
        p = self.phase
        return self.spec.phases[p] if 0 <= p < len(self.spec.phases) else str(p)

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player == CHANCE

    def __getitem__(self, name: str) -> int:
        """A state field by name (``st["points0"]``)."""
        return int(self.row[self.spec.field(name)])

    def legal_actions_mask(self) -> int:
        return int(_call(_legal_one, self.config, self.row))

    def legal_actions(self) -> list[int]:
        m = self.legal_actions_mask()
        return [a for a in range(64) if m >> a & 1]

    def action_name(self, action: int) -> str:
        return self.spec.action_name(self.config, self.row, int(action))

    def parse_action(self, text: str) -> int:
        return self.spec.parse_action(self.config, self.row, text)

    def returns(self) -> tuple[int, ...]:
        """Each player's result (meaningful when the game is over)."""
        out = np.zeros(self.spec.n_players, dtype=np.int64)
        _call(_returns_one, self.config, self.row, out)
        return tuple(int(x) for x in out)

    def observation(self, player: int) -> np.ndarray:
        """The state row as ``player`` sees it (other players' hidden cards are 0)."""
        if not 0 <= int(player) < self.spec.n_players:
            raise InvalidCardsError(f"player must be 0..{self.spec.n_players - 1}, got {player}")
        out = np.zeros_like(self.row)
        _call(_observe_one, self.config, self.row, np.int64(player), out)
        return out

    # acting ------------------------------------------------------------
    def apply(self, action: int | str) -> GameState:
        """Apply one legal action (in place); returns ``self`` so calls chain."""
        if self.is_terminal():
            raise IllegalPlayError(f"the game is over; no action {action!r} can follow")
        a = self.parse_action(action) if isinstance(action, str) else action
        if isinstance(a, bool) or not isinstance(a, (int, np.integer)):
            raise TypeError(f"an action is an int or its name, not {type(action).__name__}")
        a = int(a)
        legal = self.legal_actions_mask()
        if not (0 <= a < 64 and legal >> a & 1):
            shown = action if isinstance(action, str) else (self.action_name(a) if 0 <= a < 64 else str(a))
            allowed = " ".join(self.action_name(x) for x in range(64) if legal >> x & 1)
            raise IllegalPlayError(f"{shown!r} is not legal here; legal: {allowed}")
        _call(_apply_one, self.config, self.row, np.int64(a))
        self.history.append(a)
        return self

    def clone(self) -> GameState:
        return GameState(self.spec, self.config, self.row.copy(), self.deal, list(self.history))

    def record(self) -> GameRecord:
        return GameRecord(self.spec.game, self.spec.config_options(self.config), self.deal, tuple(self.history))

    # views -------------------------------------------------------------
    def hand_lines(
        self, hand0: int, layout: str | Layout, names: Sequence[str] = (), notes: Sequence[str] = (), verb: str = "play"
    ) -> list[str]:
        """A line per player for :meth:`__str__`: its name (``names``, else ``player p``), the cards of field
        ``hand0 + p`` in ``layout``, its note, and a mark at the player to ``verb``."""
        from bitcards.notation import format_cards

        out = []
        for p in range(self.spec.n_players):
            name = names[p] if names else f"player {p}"
            mark = f" <- to {verb}" if self.current_player == p else ""
            note = notes[p] if notes else ""
            out.append(f"  {name}: {format_cards(int(self.row[hand0 + p]), layout) or '-'}{note}{mark}")
        return out

    def __str__(self) -> str:
        return self.spec.describe(self)

    def __repr__(self) -> str:
        who = {TERMINAL: "over", CHANCE: "chance"}.get(self.current_player, f"player {self.current_player}")
        return f"<{self.spec.game} game, {self.phase_name}, {who}, {len(self.history)} actions>"

    def _repr_html_(self) -> str:
        return "<pre>" + html.escape(str(self)) + "</pre>"


def _config(spec: EngineSpec, options: Mapping[str, Any]) -> Any:
    try:
        return spec.make_config(**options)
    except TypeError as e:
        raise TypeError(f"{spec.game}: {e}") from None


def _deal_row(spec: EngineSpec, deal: object, seed: int | None) -> tuple[int, ...]:
    from bitcards.batch import validate
    from bitcards.deal import deal as deal_fn
    from bitcards.deal import deal_spec
    from bitcards.notation import parse_mask

    ds = deal_spec(spec.deal_game)
    if deal is None:
        return tuple(int(x) for x in deal_fn(1, spec.deal_game, seed)[0])
    if isinstance(deal, np.ndarray) and deal.ndim != 1:
        raise InvalidCardsError(f"a deal is one row of {len(ds.sizes)} masks, got shape {deal.shape}")
    items = list(deal)  # type: ignore[call-overload]
    if len(items) != len(ds.sizes):
        raise InvalidCardsError(f"a {spec.deal_game} deal has {len(ds.sizes)} hands ({', '.join(ds.columns)}), got {len(items)}")
    masks = tuple(parse_mask(h, ds.layout) if isinstance(h, str) else int(h) for h in items)
    validate(np.array([masks], dtype=np.uint64), ds.layout, ds.sizes)
    return masks


def new_game(game: str, deal: object = None, seed: int | None = None, **options: Any) -> GameState:
    """A new game: ``deal`` is one row of hands (masks or card text, the columns of :func:`bitcards.deal`),
    or ``None`` to deal one with ``seed``. ``options`` are the game's (e.g. Jass ``contract="h"``).
    """
    spec = engine_spec(game)
    cfg = _config(spec, options)
    masks = _deal_row(spec, deal, seed)
    row = np.zeros(spec.width, dtype=np.int64)
    states = row[None, :]
    _call(_init_kernel.serial, cfg, np.array([masks], dtype=np.uint64), states)
    return GameState(spec, cfg, row, masks, [])


def replay(record: GameRecord | Mapping[str, Any] | str) -> GameState:
    """Replay a record (a :class:`GameRecord`, its dict or its JSON), checking every action."""
    if isinstance(record, str):
        record = GameRecord.from_json(record)
    elif not isinstance(record, GameRecord):
        record = GameRecord.from_dict(record)
    return record.replay()


# --- many games ---------------------------------------------------------------------------------
@dataclasses.dataclass
class Playouts:
    """Finished games in bulk.

    ``states`` is ``(n, width)`` ``int64`` (one row per game; :meth:`field` gives a
    column by name), ``returns`` ``(n, n_players)``, ``deals`` the dealt rows,
    ``lengths`` the number of actions per game, and ``actions`` (with
    ``record=True``) ``(n, max_actions)`` ``int8``, ``-1`` after the end.
    """

    spec: EngineSpec
    config: Any
    deals: np.ndarray
    states: np.ndarray
    returns: np.ndarray
    lengths: np.ndarray
    actions: np.ndarray | None

    def __len__(self) -> int:
        return int(self.states.shape[0])

    def field(self, name: str) -> np.ndarray:
        """One state field of every game (a view)."""
        return self.states[:, self.spec.field(name)]

    def record(self, i: int) -> GameRecord:
        """Game ``i`` as a record (needs ``record=True``)."""
        if self.actions is None:
            raise BitcardsError("the playout kept no actions; run it with record=True")
        n = int(self.lengths[i])
        return GameRecord(
            self.spec.game,
            self.spec.config_options(self.config),
            tuple(int(x) for x in self.deals[i]),
            tuple(int(x) for x in self.actions[i, :n]),
        )


def _policy(spec: EngineSpec, policy: object) -> Any:
    if policy is None or policy == "random":
        return RANDOM
    if isinstance(policy, str):
        try:
            return spec.policies[policy]
        except KeyError:
            names = ", ".join(["random", *spec.policies])
            raise BitcardsError(f"{spec.game} has no policy {policy!r}; policies: {names}") from None
    if isinstance(policy, numba.core.registry.CPUDispatcher) or (JIT_DISABLED and callable(policy)):
        return policy
    raise TypeError(f"a policy is a name or an njit function policy(s, legal, rng) -> action, not {type(policy).__name__}")


def _check_rows(n: object, start: object) -> tuple[int, int]:
    from bitcards._rng import check_rows

    for name, v in (("n", n), ("start", start)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
            raise TypeError(f"{name} must be an int, not {type(v).__name__}")
    if int(n) < 0 or int(start) < 0:  # type: ignore[call-overload]
        raise InvalidCardsError(f"n and start must be >= 0, got n={n}, start={start}")
    check_rows(int(start), int(n))  # type: ignore[call-overload]
    return int(n), int(start)  # type: ignore[call-overload]


def initial_states(game: str, deals: object, **options: Any) -> np.ndarray:
    """The starting state of each dealt row: ``(n, width)`` ``int64``.

    Change fields before :func:`playout` (``states=``) to start games elsewhere,
    e.g. a different contract per row.
    """
    from bitcards.batch import as_masks, validate
    from bitcards.deal import deal_spec

    spec = engine_spec(game)
    cfg = _config(spec, options)
    ds = deal_spec(spec.deal_game)
    d = as_masks(deals, "deals")
    if d.ndim != 2 or d.shape[1] != len(ds.sizes):
        raise InvalidCardsError(f"deals must be (n, {len(ds.sizes)}) masks ({', '.join(ds.columns)}), got shape {d.shape}")
    validate(d, ds.layout, ds.sizes)
    states = np.zeros((d.shape[0], spec.width), dtype=np.int64)
    _call(_init_kernel.build(d.shape[0]), cfg, d, states)
    return states


def playout(
    game: str,
    n: int | None = None,
    *,
    seed: int | None = None,
    deals: object = None,
    states: np.ndarray | None = None,
    policy: object = "random",
    start: int = 0,
    record: bool = False,
    **options: Any,
) -> Playouts:
    """Play ``n`` games to the end with ``policy``; deals from :func:`bitcards.deal` (``seed``, rows
    ``start ..``) unless ``deals`` (``(n, k)`` masks) or ready ``states`` (``(n, width)``) are given.

    Game ``i`` uses the random streams of row ``start + i`` only: the same seed
    gives the same games for any thread count and any split into calls. A policy
    that returns an illegal action stops with :class:`IllegalPlayError` naming
    the first such game.
    """
    from bitcards._memory import check_memory
    from bitcards.batch import as_masks, validate
    from bitcards.deal import deal as deal_fn
    from bitcards.deal import deal_spec

    spec = engine_spec(game)
    cfg = _config(spec, options)
    pol = _policy(spec, policy)
    ds = deal_spec(spec.deal_game)
    k = len(ds.sizes)
    if states is not None:
        if not isinstance(states, np.ndarray) or states.dtype != np.int64 or states.ndim != 2 or states.shape[1] != spec.width:
            raise InvalidCardsError(f"states must be an (n, {spec.width}) int64 array (see initial_states)")
        states = np.ascontiguousarray(states).copy()
        n_rows = states.shape[0]
        if n is not None and n != n_rows:
            raise InvalidCardsError(f"n={n} but {n_rows} states were given")
        n_rows, start = _check_rows(n_rows, start)
        d = np.zeros((n_rows, k), dtype=np.uint64) if deals is None else as_masks(deals, "deals")
        init = False
    elif deals is not None:
        d = as_masks(deals, "deals")
        if d.ndim != 2 or d.shape[1] != k:
            raise InvalidCardsError(f"deals must be (n, {k}) masks ({', '.join(ds.columns)}), got shape {d.shape}")
        validate(d, ds.layout, ds.sizes)
        n_rows, start = _check_rows(d.shape[0], start)
        if n is not None and n != n_rows:
            raise InvalidCardsError(f"n={n} but {n_rows} deals were given")
        init = True
    else:
        if n is None:
            raise TypeError("playout needs n, deals or states")
        n_rows, start = _check_rows(n, start)
        row_bytes = 8 * (k + spec.width + spec.n_players + 2) + (spec.max_actions if record else 0)
        check_memory(n_rows * row_bytes, f"cannot hold {n_rows:,} {spec.game} games", "play them in chunks (start=)")
        d = deal_fn(n_rows, spec.deal_game, seed, start=start)
        init = True
    row_bytes = 8 * (spec.width + spec.n_players + 2) + (spec.max_actions if record else 0)
    check_memory(n_rows * row_bytes, f"cannot hold {n_rows:,} {spec.game} games", "play them in chunks (start=)")
    if states is None:
        states = np.zeros((n_rows, spec.width), dtype=np.int64)
    if d.shape[0] != n_rows:
        raise InvalidCardsError(f"{d.shape[0]} deals for {n_rows} states")
    pkey, ckey = stream_keys(seed_key(seed)[1])
    # every game's returns and length are written by the kernel
    rets = np.empty((n_rows, spec.n_players), dtype=np.int64)
    width = spec.max_actions if record else 0
    actions = np.full((n_rows, width), -1, dtype=np.int8)
    lengths = np.empty(n_rows, dtype=np.int64)
    kernel = _playout_kernel.parallel if use_parallel(n_rows) else _playout_kernel.serial
    _call(kernel, cfg, d, states, init, np.int64(start), pkey, ckey, pol, rets, actions, lengths, record)
    bad = np.flatnonzero(lengths < 0)
    if bad.size:
        i = int(bad[0])
        raise IllegalPlayError(f"game {i}: the policy chose an illegal action")
    return Playouts(spec, cfg, d, states, rets, lengths, actions if record else None)


@warmup_task
def _warm() -> None:
    for name, spec in engines().items():
        playout(name, 2, seed=0, **spec.example_options)
        st = new_game(name, seed=0, **spec.example_options)
        st.legal_actions()
        st.returns()
        st.observation(0)
