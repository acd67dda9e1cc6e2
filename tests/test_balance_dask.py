"""The balance lab on Dask: the same games whatever runs them, and a clean stop on Ctrl-C.

Every cluster here listens on 127.0.0.1 only, is started by the test and stopped by it, and every
wait is bounded.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from workbench.balance.sweep import compare as sweep_of, game_seed, run
from workbench.balance.table import read

BIN = Path(sys.executable).parent
from workbench.core.paths import EXAMPLES  # noqa: E402


@pytest.fixture(scope="module")
def library():
    from workbench.app.validate import validate_paths
    from workbench.core.paths import VARIANTS

    return validate_paths([VARIANTS]).library


def small_sweep():
    # a search bot on a tiny budget: its games too must be the same on any number of workers
    return sweep_of("dark-horse", scenario="high-noon", variants=["deadlier-gunfights"], grid={"dice_rolled": [2]},
                    games=12, seed=7, bots=["mcts-4", "random"])


@pytest.fixture(scope="module")
def in_process(library):
    """The small sweep played in this process: what every cluster must reproduce (played once for
    the module; the games are the same whenever they are played)."""
    return run(small_sweep(), library, cluster="in-process", progress=False)


def stop(process: subprocess.Popen) -> None:
    """Stop a process the test started: SIGTERM, then SIGKILL after 20 s."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=20)


class ClusterOfOne:
    """A `dask scheduler` and a `dask worker` (a nanny and its worker process), separate processes
    on 127.0.0.1, the Popen of each. One for the module: starting the three processes is most of
    what a test of a cluster costs. :meth:`ready` starts them again after a test killed the
    scheduler (a killed worker process is started again by its nanny), so no test depends on
    another's order."""

    def __init__(self, folder: Path):
        self.folder, self.scheduler, self.worker, self.address, self.starts = folder, None, None, None, 0

    def ready(self) -> str:
        """The address of a running scheduler with its one worker connected."""
        if self.scheduler is None or self.scheduler.poll() is not None or self.worker.poll() is not None:
            self.stop()
            self._start()
        from distributed import Client
        with Client(self.address, timeout="30s") as client:
            client.wait_for_workers(1, timeout=90)
        return self.address

    def _start(self) -> None:
        self.starts += 1
        scheduler_file = self.folder / f"scheduler-{self.starts}.json"
        self.scheduler = subprocess.Popen([str(BIN / "dask"), "scheduler", "--host", "127.0.0.1", "--port", "0",
                                           "--no-dashboard", "--scheduler-file", str(scheduler_file)],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 90
        while not scheduler_file.exists() and time.monotonic() < deadline and self.scheduler.poll() is None:
            time.sleep(0.2)
        assert scheduler_file.exists(), "the dask scheduler did not start within 90 s"
        self.address = json.loads(scheduler_file.read_text())["address"]
        assert self.address.startswith("tcp://127.0.0.1:")
        self.worker = subprocess.Popen([str(BIN / "dask"), "worker", self.address, "--nworkers", "1", "--nthreads", "1",
                                        "--host", "127.0.0.1", "--no-dashboard"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop(self) -> None:
        for started in (self.worker, self.scheduler):
            if started is not None:
                stop(started)
        self.scheduler = self.worker = None


@pytest.fixture(scope="module")
def cluster_of_one(tmp_path_factory):
    cluster = ClusterOfOne(tmp_path_factory.mktemp("dask"))
    try:
        yield cluster
    finally:
        cluster.stop()


def test_the_same_games_on_two_local_workers_and_an_external_cluster_of_one(library, cluster_of_one, in_process):
    # (one worker of a cluster is the external one; the killed-worker test below runs one too)
    sweep = small_sweep()
    two = run(sweep, library, workers=2, batch=2, progress=False)       # many small tasks: any finishing order
    external = run(sweep, library, scheduler=cluster_of_one.ready(), batch=3, progress=False)
    assert (two.timing["workers"], external.timing["workers"]) == (2, 1)
    assert len(set(two.timing["worker_pids"])) == 2                      # both workers played games
    for other in (two, external):
        pd.testing.assert_frame_equal(other.table, in_process.table)
    # every game's seed is the one derived from (sweep seed, setting, game number)
    keys = {s.name: s.seed_key() for s in in_process.sweep.all}
    for row in in_process.table.itertuples():
        assert row.seed == game_seed(sweep.seed, keys[row.setting], row.game)


def test_an_unreachable_scheduler_is_a_usage_error(library):
    from workbench.core.errors import UsageError

    import dask

    with dask.config.set({"distributed.comm.timeouts.connect": "2s"}):
        with pytest.raises(UsageError, match="cannot reach a Dask scheduler"):
            run(small_sweep(), library, scheduler="tcp://127.0.0.1:9", progress=False)


def test_ctrl_c_stops_the_cluster_and_keeps_the_finished_games(tmp_path):
    """Ctrl-C in a terminal signals the whole process group: the command, its local cluster's
    nanny and worker processes. The command must exit, leave no process behind and keep what
    was finished."""
    store = tmp_path / "results.parquet"
    args = [str(BIN / "workbench"), "balance", "dark-horse", "--scenario", "high-noon", "--variant",
            "deadlier-gunfights", "--library", str(EXAMPLES),  # an example house rule: not a published game
            "--games", "20000", "--batch", "4", "--workers", "2", "--out", str(store),
            "--progress", "no", "--save-every", "1", "--bots", "random"]   # (the stop is tested, not the bots)
    # SIGINT at its default in the command, as in a terminal's foreground job (whatever the test
    # process inherited); PYTHONFAULTHANDLER lets a hang be shown: SIGABRT dumps every thread
    process = subprocess.Popen(args, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True, env={**os.environ, "PYTHONFAULTHANDLER": "1"},
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 120
        while not store.exists() and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.2)       # the first checkpoint is written after about a second of play
        assert store.exists(), f"no checkpoint within 120 s; stderr: {process.stderr.read() if process.poll() is not None else ''}"
        os.killpg(process.pid, signal.SIGINT)
        try:
            out, err = process.communicate(timeout=180)
        except subprocess.TimeoutExpired:
            os.kill(process.pid, signal.SIGABRT)     # the command's threads, as they hang
            out, err = process.communicate(timeout=60)
            pytest.fail(f"still running 180 s after Ctrl-C; its threads:\n{err[-6000:]}")
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=20)
    assert process.returncode == 130, err
    assert "interrupted" in err and f"kept in {store}" in err and "Traceback" not in err
    kept = read(store)          # checked by the pandera model
    assert 0 < len(kept) < 40000   # (so many games that the first checkpoint comes long before the end)
    # nothing of the cluster is left running in the command's process group
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.5)
    else:
        pytest.fail("processes of the interrupted command are still running")


def _worker_processes(nanny: subprocess.Popen) -> list:
    """The worker processes a `dask worker` (its nanny) started."""
    import psutil

    return [p for p in psutil.Process(nanny.pid).children(recursive=True)
            if "multiprocessing" in " ".join(p.cmdline()) and "resource_tracker" not in " ".join(p.cmdline())]


def test_a_worker_killed_mid_sweep_loses_no_game(library, tmp_path, in_process, cluster_of_one):
    """The worker process of a running cluster is killed (SIGKILL) as the first batch comes
    back; its nanny starts another. Every game is still played, the same games as in-process
    (the batches that needed the library it held are sent again)."""
    address = cluster_of_one.ready()
    worker = cluster_of_one.worker
    killed = []

    def kill_the_worker(done, total):
        if not killed:
            victims = _worker_processes(worker)
            assert victims, "no worker process found under the nanny"
            for victim in victims:
                victim.kill()
            killed.extend(victims)

    store = tmp_path / "results.parquet"
    sweep = small_sweep()
    report = run(sweep, library, scheduler=address, batch=2, progress=kill_the_worker, store=store)
    assert killed and report.complete() and report.timing.get("retried", 0) >= 1
    pd.testing.assert_frame_equal(report.table, in_process.table)
    assert len(read(store)) == len(in_process.table)


def test_a_scheduler_lost_mid_sweep_is_a_clear_error_that_keeps_the_finished_games(library, tmp_path, cluster_of_one):
    from workbench.balance.sweep import ClusterLost

    address = cluster_of_one.ready()
    scheduler = cluster_of_one.scheduler
    store = tmp_path / "results.parquet"
    seen = []

    def kill_the_scheduler(done, total):
        seen.append(done)
        if len(seen) == 1:
            scheduler.kill()

    started = time.monotonic()
    with pytest.raises(ClusterLost, match=f"lost the connection to the Dask scheduler at {address}.*saved in"):
        run(small_sweep(), library, scheduler=address, batch=2, progress=kill_the_scheduler, store=store)
    assert time.monotonic() - started < 120
    kept = read(store)
    assert len(kept) == seen[-1] > 0          # every game that came back is stored
