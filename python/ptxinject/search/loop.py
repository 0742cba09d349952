"""The search loop: ask for programs, evaluate them, tell the results.

Strategies:
  map-elites  parents drawn from the archive's elites, children by the
              variation operators; the archive keeps the best per cell
  mu-lambda   (mu + lambda): the mu best programs so far are the parents
  random      fresh random programs each generation (the baseline)

``ask(n)`` and ``tell(programs, error, descriptors)`` let an outside
scheduler drive a search; ``run(budget)`` drives it with an evaluator.

map-elites and mu-lambda ask only for programs whose compiled stub they
have not asked for before (``fresh_only``): a child that compiles to a
stub already evaluated (an edit of dead code, a constant operator on a
program without constants) would score what that stub scored and, as ties
keep the elite that came first, could not enter the archive, so its
evaluation would be spent for nothing. Such a child is made again, up to
``fresh_tries`` times. The random strategy, the baseline, asks as it
always did.
"""

from __future__ import annotations

import base64
import json
import time
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence

import numpy as np

from .. import stack
from .archive import Archive, Descriptor, Elite

STRATEGIES = ("map-elites", "mu-lambda", "random")
FORMAT = "ptxinject-search"
VERSION = 1


@dataclass
class Generation:
    """What one generation left: evaluations so far, archive coverage, QD
    score and the best error."""

    generation: int
    evaluations: int
    coverage: float
    qd_score: float
    best_error: float
    seconds: float


@dataclass
class Search:
    """A search over Stack PTX programs on ``registers`` (the last one the
    output, every one f32).

    descriptors: the archive's axes (default: live instructions 0..length
    in length bins, approximate instructions 0..8 in 8 bins)."""

    registers: Sequence[tuple]
    strategy: str = "map-elites"
    length: int = 16
    seed: int = 0
    batch: int = 256
    mu: int = 32
    max_length: int = 64
    arch: Optional[str] = None
    instruction_set: object = None
    descriptors: Optional[Sequence[Descriptor]] = None
    max_error: float = 1.0
    # map-elites: the share of parents drawn by a tournament of 4 on error
    # (the rest uniformly from the elites): diversity from the archive,
    # pressure from the tournament.
    tournament: float = 0.5
    # map-elites and mu-lambda: never ask for a program whose stub was asked
    # for before (see the module's docstring); how often a repeat is made
    # again before it is let through.
    fresh_only: bool = True
    fresh_tries: int = 8
    generation: int = 0
    evaluations: int = 0  # programs scored: asked for (search) and run to fit constants
    fit_evaluations: int = 0
    asks: int = 0  # ask() calls so far: each draws from its own generator
    history: List[Generation] = field(default_factory=list)

    def __post_init__(self):
        if self.strategy not in STRATEGIES:
            raise ValueError(f"strategy must be one of {', '.join(STRATEGIES)}, "
                             f"not {self.strategy!r}")
        self.set = (self.instruction_set if isinstance(self.instruction_set, stack.InstructionSet)
                    else stack.InstructionSet.builtin() if self.instruction_set is None
                    else stack.InstructionSet.from_file(self.instruction_set))
        if self.descriptors is None:
            self.descriptors = [Descriptor("live_instructions", 0, max(1, self.length), max(1, self.length)),
                                Descriptor("approximate_instructions", 0, 8, 8)]
        self.archive = Archive(self.descriptors, self.max_error)
        f32 = self.set.stack_type_index("f32")
        # What the CPU evaluator models, on the f32 stack, and no special
        # registers (the interpreter reads them as 0; a GPU does not).
        # Input words name the inputs only: the output register starts as 0.
        self.variation = stack.Variation(self.set, len(self.registers) - 1, arch=self.arch,
                                         max_length=self.max_length, interpreted_only=True,
                                         stack_types=[f32], special_registers=False)
        self.population: List[Elite] = []  # mu-lambda's parents
        # Digests of the stubs asked for (fresh_only); compiled by the
        # search's own compiler, as an evaluator compiles them.
        self.asked_stubs: set = set()
        self._compiler = stack.StackCompiler(self.set)
        self._started = time.perf_counter()

    # -- ask / tell ----------------------------------------------------------

    def _random(self, n: int) -> np.ndarray:
        seed = int(np.random.default_rng([self.seed, self.asks, 1]).integers(0, 2 ** 63))
        return self.variation.random(n, self.length, seed)

    def _parents(self) -> List[Elite]:
        if self.strategy == "mu-lambda":
            return self.population
        if self.strategy == "map-elites":
            return self.archive.elites()
        return []

    def ask(self, n: Optional[int] = None) -> np.ndarray:
        """n programs to evaluate (a uint64 array, one a row)."""
        n = self.batch if n is None else n
        parents = self._parents()
        self.asks += 1
        rng = np.random.default_rng([self.seed, self.asks])
        if parents:
            genomes = [p.genome for p in parents]
            width = max(len(g) for g in genomes)
            grid = np.zeros((len(parents), width), dtype=np.uint64)
            for row, g in enumerate(genomes):
                grid[row, : len(g)] = g
            errors = np.array([p.error for p in parents])
            order = self._select(errors, len(parents), rng)
            programs, _ = self.variation.offspring(grid[order], n, int(rng.integers(0, 2 ** 63)))
            # Child i varies parent order[i % len(order)] (Variation.offspring).
            ids = np.array([p.id for p in parents])
            parent_ids = ids[order[np.arange(n) % len(order)]].tolist()
        else:
            programs, parent_ids = self._random(n), []
        if self.strategy != "random" and self.fresh_only and n:
            programs = np.array(programs)
            todo = np.arange(n)
            for attempt in range(self.fresh_tries + 1):
                digests = self._compiler.digest_batch(programs[todo], list(self.registers),
                                                      [self.registers[-1][0]])
                repeats = [i for i, digest in zip(todo.tolist(), digests)
                           if not self._first_ask(digest)]
                if not repeats or attempt == self.fresh_tries:
                    break
                # A repeat's slot goes to a child of a parent selected anew,
                # as the selection would have drawn it: a parent whose
                # every edit comes back the same does not keep the slot.
                todo = np.array(repeats)
                seed = int(rng.integers(0, 2 ** 63))
                if parents:
                    # A crossover draws its second parent from every row
                    # given: with the generation's parents after the new
                    # ones, a handful of repeats are not crossed only with
                    # each other (or a lone one with itself).
                    rows = self._select(errors, len(todo), rng)
                    rows_and_all = np.concatenate([grid[rows], grid[order]])
                    programs[todo] = self.variation.offspring(rows_and_all, len(todo), seed)[0]
                    for i, row in zip(todo, rows):
                        parent_ids[i] = parents[row].id
                else:
                    programs[todo] = self.variation.random(len(todo), self.length, seed)
        self._asked_parents = parent_ids
        return programs

    def _first_ask(self, digest: int) -> bool:
        """Whether no program with this stub (its digest, digest_batch) was
        asked for before; from now on one was."""
        if digest in self.asked_stubs:
            return False
        self.asked_stubs.add(digest)
        return True

    def _select(self, errors: np.ndarray, k: int, rng) -> np.ndarray:
        """k parents (indices into errors): uniformly, and for map-elites a
        share (tournament) of them by a tournament of 4 on error."""
        order = rng.integers(0, len(errors), size=k)
        if self.strategy == "map-elites" and self.tournament > 0:
            picks = rng.integers(0, len(errors), size=(k, 4))
            winners = picks[np.arange(k), np.argmin(errors[picks], axis=1)]
            chosen = rng.random(k) < self.tournament
            order = np.where(chosen, winners, order)
        return order

    @property
    def search_evaluations(self) -> int:
        """Programs scored that the search asked for (the rest fitted
        constants)."""
        return self.evaluations - self.fit_evaluations

    def tell(self, programs: np.ndarray, error: Sequence[float], descriptors: Sequence[Sequence[float]],
             stubs: Optional[Sequence[str]] = None, *, tails: Optional[Sequence[int]] = None,
             fit_evaluations: int = 0) -> Generation:
        """The results of the programs of the last ask (or any programs).
        tails: per program, the words of its scaling tail (Evaluation.tails);
        fit_evaluations: programs the evaluator ran besides these, counted
        as evaluations."""
        parent_ids = getattr(self, "_asked_parents", [])
        error = np.asarray(error, dtype=np.float64)
        descriptors = np.asarray(descriptors, dtype=np.float64).reshape(len(error), -1)
        cells = self.archive.cells_of(descriptors)
        keep_all = self.strategy == "mu-lambda"
        for i, words in enumerate(programs):
            # Most children enter nowhere: only those that do become elites.
            if not keep_all and not self.archive.would_place(cells[i], error[i]):
                continue
            length = int(np.argmax(words == 0)) + 1 if (words == 0).any() else len(words)
            elite = Elite(np.array(words[:length], dtype=np.uint64), float(error[i]),
                          tuple(descriptors[i].tolist()),
                          stub=stubs[i] if stubs is not None else "",
                          parents=(parent_ids[i],) if i < len(parent_ids) else (),
                          generation=self.generation,
                          tail=int(tails[i]) if tails is not None else 0)
            self.archive.add(elite, cells[i])
            if keep_all and elite.error == elite.error:
                self.population.append(elite)
        if self.strategy == "mu-lambda":
            self.population.sort(key=lambda e: (e.error, len(e.words)))
            del self.population[self.mu:]
        self.evaluations += len(programs) + int(fit_evaluations)
        self.fit_evaluations += int(fit_evaluations)
        self.generation += 1
        best = self.archive.best()
        record = Generation(self.generation, self.evaluations, self.archive.coverage(),
                            self.archive.qd_score(), best.error if best else float("inf"),
                            time.perf_counter() - self._started)
        self.history.append(record)
        return record

    # -- driving --------------------------------------------------------------

    def run(self, evaluator, budget: int, *, tolerance: Optional[float] = None,
            progress: Optional[Callable[[Generation], None]] = None,
            overlap: bool = False) -> Optional[Elite]:
        """Generations of ``batch`` programs until ``budget`` programs were
        evaluated or the best error is at most ``tolerance``.

        overlap: evaluate generation k on a thread of its own while
        generation k + 1 is made (from the archive as it was before k's
        results): for an evaluator that waits on something else (a GPU, a
        cluster) and releases the GIL, the next generation is ready when it
        is done. Deterministic for a seed either way, not the same run."""
        if not overlap:
            while self.evaluations < budget:
                programs = self.ask(min(self.batch, budget - self.evaluations))
                if hasattr(evaluator, "fit_budget"):
                    evaluator.fit_budget = budget - self.evaluations - len(programs)
                result = evaluator.evaluate(programs)
                record = self._tell_result(programs, result)
                if progress is not None:
                    progress(record)
                if tolerance is not None and record.best_error <= tolerance:
                    break
            return self.archive.best()
        from concurrent.futures import ThreadPoolExecutor

        asked = self.evaluations
        fits_known = 0  # the fit evaluations of the generations told so far
        fitting = hasattr(evaluator, "fit_budget")

        def evaluate(programs, fit_budget):
            # Run in the pool: an evaluator that fits constants gets its
            # share of the budget with each call, never a value set by
            # another generation's call.
            if fitting:
                evaluator.fit_budget = fit_budget
            return evaluator.evaluate(programs)

        # An evaluator that can take the next generation while one is out
        # (the GPU evaluator compiles k + 1 while k runs) says how many.
        with ThreadPoolExecutor(max(1, int(getattr(evaluator, "concurrency", 1)))) as pool:
            def next_batch():
                nonlocal asked
                n = min(self.batch, budget - asked - fits_known)
                if n <= 0:
                    return None
                asked += n
                programs = self.ask(n)
                # What fitting may spend: what is left once a whole next
                # generation is asked for (its results come later), so the
                # budget holds whatever the order the results arrive in.
                fit_budget = max(0, budget - asked - fits_known - self.batch)
                return programs, pool.submit(evaluate, programs, fit_budget)

            current = next_batch()
            while current is not None:
                following = next_batch()  # made while `current` is evaluated
                programs, future = current
                result = future.result()
                record = self._tell_result(programs, result)
                fits_known += int(getattr(result, "fit_evaluations", 0))
                if progress is not None:
                    progress(record)
                if tolerance is not None and record.best_error <= tolerance:
                    if following is not None:
                        following[1].cancel()
                    break
                # With every result in, what fitting left unspent is asked.
                current = following if following is not None else next_batch()
        return self.archive.best()

    def _tell_result(self, programs, result) -> Generation:
        rewritten = getattr(result, "programs", None)
        return self.tell(programs if rewritten is None else rewritten, result.error,
                         result.descriptors, result.stubs, tails=getattr(result, "tails", None),
                         fit_evaluations=getattr(result, "fit_evaluations", 0))

    def text(self, elite: Elite) -> str:
        """An elite in the text form ``--programs`` files hold."""
        return self.set.format(elite.words, list(self.registers))

    # -- files -----------------------------------------------------------------

    def save(self, path: str) -> None:
        """Writes the search to a JSON file (FORMAT, VERSION; docs/search.md)."""
        data = {
            "format": FORMAT, "version": VERSION, "strategy": self.strategy, "seed": self.seed,
            "length": self.length, "batch": self.batch, "mu": self.mu,
            "max_length": self.max_length, "arch": self.arch,
            "registers": [list(r) for r in self.registers],
            "generation": self.generation, "evaluations": self.evaluations,
            "fit_evaluations": self.fit_evaluations, "asks": self.asks,
            "max_error": self.max_error,
            # 8-byte digests of the stubs asked for, sorted, in base64.
            "asked_stubs": base64.b64encode(b"".join(
                d.to_bytes(8, "little") for d in sorted(self.asked_stubs))).decode(),
            "descriptors": [[d.name, d.low, d.high, d.bins] for d in self.descriptors],
            "elites": [_elite_json(self, e) for e in self.archive.elites()],
            "population": [e.id for e in self.population],
            "history": [vars(h) for h in self.history],
        }
        from .._files import write_atomically
        write_atomically(path, json.dumps(data, indent=1, allow_nan=True))

    @classmethod
    def load(cls, path: str, instruction_set=None) -> "Search":
        """A search saved by save(), ready to go on where it stopped. A file
        that is not one (another format or version, a field missing or of
        the wrong kind) raises ValueError naming the file and the field."""
        try:
            with open(path) as f:
                data = json.load(f)
        except json.JSONDecodeError as e:
            raise ValueError(f"{path}: not JSON: {e}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            got = data.get("format") if isinstance(data, dict) else type(data).__name__
            raise ValueError(f"{path}: not a saved search (format {got!r})")
        if data.get("version") != VERSION:
            raise ValueError(f"{path}: saved search version {data.get('version')!r}; "
                             f"this package reads version {VERSION}")
        try:
            return cls._from_json(data, instruction_set)
        except (KeyError, TypeError, ValueError, IndexError, OverflowError) as e:
            what = f"field {e.args[0]!r} missing" if isinstance(e, KeyError) else str(e)
            raise ValueError(f"{path}: a damaged saved search: {what}") from None

    @classmethod
    def _from_json(cls, data: dict, instruction_set) -> "Search":
        def number(value, kind=int):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError(f"expected a number, got {value!r}")
            return kind(value)

        s = cls([tuple(map(str, r)) for r in data["registers"]], strategy=str(data["strategy"]),
                length=number(data["length"]), seed=number(data["seed"]),
                batch=number(data["batch"]), mu=number(data["mu"]),
                max_length=number(data["max_length"]), arch=data["arch"],
                instruction_set=instruction_set,
                descriptors=[Descriptor(str(d[0]), number(d[1], float), number(d[2], float),
                                        number(d[3])) for d in data["descriptors"]],
                max_error=number(data["max_error"], float))
        if len(s.registers) < 2:
            raise ValueError("a search needs an input and an output register")
        s.generation, s.evaluations = number(data["generation"]), number(data["evaluations"])
        s.asks = number(data.get("asks", s.generation))
        s.fit_evaluations = number(data.get("fit_evaluations", 0))
        asked = base64.b64decode(data.get("asked_stubs", ""), validate=True)
        if len(asked) % 8:
            raise ValueError("asked_stubs is not a list of 8-byte digests")
        s.asked_stubs = {int.from_bytes(asked[i:i + 8], "little") for i in range(0, len(asked), 8)}
        by_id: Dict[int, Elite] = {}
        for e in data["elites"]:
            words = np.array([int(w, 16) for w in e["words"]], dtype=np.uint64)
            cell = tuple(number(c) for c in e["cell"])
            if len(cell) != len(s.descriptors):
                raise ValueError(f"cell {list(cell)} does not match the descriptors")
            elite = Elite(words, number(e["error"], float),
                          tuple(number(d, float) for d in e["descriptors"]),
                          str(e.get("text", "")), str(e.get("stub", "")),
                          tuple(number(p) for p in e["parents"]), number(e["generation"]),
                          number(e["id"]), number(e.get("tail", 0)))
            if not 0 <= elite.tail < len(words):
                raise ValueError(f"elite {elite.id}: tail {elite.tail} longer than its words")
            s.archive.cells[cell] = elite
            by_id[elite.id] = elite
        s.archive.next_id = 1 + max(by_id, default=-1)
        s.population = [by_id[i] for i in data.get("population", []) if i in by_id]
        s.history = [Generation(**h) for h in data.get("history", [])]
        return s


def _elite_json(search: Search, e: Elite) -> dict:
    return {"cell": list(search.archive.cell(e.descriptors)), "id": e.id,
            "words": [f"{int(w):016x}" for w in e.words], "text": search.text(e),
            "stub": e.stub, "error": e.error, "descriptors": list(e.descriptors),
            "parents": list(e.parents), "generation": e.generation, "tail": e.tail}


def save_heatmap(search: Search, path: str) -> None:
    """A PNG of the archive's best error per cell (the first two
    descriptors); needs matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:  # pragma: no cover - optional dependency
        raise ImportError("save_heatmap needs matplotlib: pip install matplotlib") from e
    d = list(search.descriptors) + [Descriptor("-", 0, 1, 1)] * 2
    grid = np.full((d[1].bins, d[0].bins), np.nan)
    for cell, elite in search.archive.cells.items():
        cell = tuple(cell) + (0, 0)
        grid[cell[1], cell[0]] = elite.error
    fig, ax = plt.subplots(figsize=(6, 4))
    image = ax.imshow(grid, origin="lower", aspect="auto", cmap="viridis_r")
    ax.set_xlabel(d[0].name)
    ax.set_ylabel(d[1].name)
    fig.colorbar(image, label="error")
    fig.savefig(path, dpi=100, bbox_inches="tight")
    plt.close(fig)
