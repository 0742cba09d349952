"""Pictures of a search (needs matplotlib: ``pip install 'ptxinject[plot]'``).

``save_archive_plot`` draws the archive: the MAP-Elites grid, each cell
coloured by its elite's error, beside every elite's estimated latency
against its error. ``save_progress_plot`` draws the best error against the
evaluations spent. ``ptxinject search --plot`` writes both.
"""

from __future__ import annotations

import math

import numpy as np

from .evaluator import stub_latency


def _pyplot():
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        raise ImportError("plotting a search needs matplotlib: pip install 'ptxinject[plot]'") from e
    return plt


def _floor(errors):
    """A positive floor for a log scale: exact programs (error 0) are drawn
    on it."""
    positive = [e for e in errors if e > 0 and math.isfinite(e)]
    return min(positive) / 10 if positive else 1e-9


def save_archive_plot(search, path: str) -> None:
    """archive.png: the grid of the first two descriptors, error per cell
    (log scale, empty cells blank), and the elites' latency (cycles, the
    instruction set's estimate) against their error."""
    plt = _pyplot()
    from matplotlib.colors import LogNorm

    d = list(search.descriptors)
    elites = search.archive.elites()
    errors = [e.error for e in elites if math.isfinite(e.error)]
    floor = _floor(errors)
    cols = d[0].bins
    rows = d[1].bins if len(d) > 1 else 1
    grid = np.full((rows, cols), np.nan)
    for cell, elite in search.archive.cells.items():
        if math.isfinite(elite.error):
            grid[cell[1] if len(cell) > 1 else 0, cell[0]] = max(elite.error, floor)
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
    norm = LogNorm(vmin=floor, vmax=max(errors + [floor * 10])) if errors else None
    image = left.imshow(grid, origin="lower", aspect="auto", cmap="viridis_r", norm=norm)
    left.set_xlabel(d[0].name)
    left.set_ylabel(d[1].name if len(d) > 1 else "")
    left.set_title(f"archive: {len(elites)} elites, {100 * search.archive.coverage():.0f} % of the cells")
    fig.colorbar(image, ax=left, label="error")
    latency = [stub_latency(e.stub) for e in elites if math.isfinite(e.error)]
    right.scatter(latency, [max(e, floor) for e in errors], s=14, c="tab:blue")
    best = search.archive.best()
    if best is not None and math.isfinite(best.error):
        right.scatter([stub_latency(best.stub)], [max(best.error, floor)], s=60, marker="*",
                      c="tab:red", label="best")
        right.legend()
    right.set_yscale("log")
    right.set_xlabel("estimated latency (cycles)")
    right.set_ylabel("error")
    right.set_title("elites: latency against error")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def save_progress_plot(search, path: str) -> None:
    """progress.png: the best error after each generation against the
    evaluations spent (search and fitting)."""
    plt = _pyplot()
    history = search.history
    errors = [g.best_error for g in history]
    floor = _floor(errors)
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.step([g.evaluations for g in history],
            [max(e, floor) if math.isfinite(e) else np.nan for e in errors], where="post")
    ax.set_yscale("log")
    ax.set_xlabel("evaluations")
    ax.set_ylabel("best error")
    ax.set_title(f"{search.strategy}, seed {search.seed}: {search.evaluations} evaluations "
                 f"({search.fit_evaluations} fitting)")
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
