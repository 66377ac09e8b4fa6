"""The same study on a local Dask cluster (two single-threaded worker processes) gives the local counts exactly."""

from __future__ import annotations

import pytest

from bitcards.simulate import SimulationError, simulate

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


@pytest.mark.jit
def test_dask_client_equals_local(client) -> None:  # type: ignore[no-untyped-def]
    n = 200_000
    local = simulate("skat-jacks", n, seed=31, chunk_size=20_000)
    remote = simulate("skat-jacks", n, seed=31, chunk_size=7_000, scheduler=client)
    assert remote.equal_counts(local)
    assert remote.backend == "dask:2" and remote.chunk_size == 7_000
    # the client is the caller's: still usable
    assert client.submit(sum, [1, 2]).result() == 3
    # every worker compiled (or loaded) the kernels once, up front
    warmed = client.run(lambda: sorted(__import__("bitcards.simulate.driver", fromlist=["_WARMED"])._WARMED))
    assert len(warmed) == 2 and all("skat-jacks" in w for w in warmed.values())


@pytest.mark.jit
def test_dask_scheduler_address_equals_local(client) -> None:  # type: ignore[no-untyped-def]
    n = 50_000
    local = simulate("euchre-bowers", n, seed=4)
    remote = simulate("euchre-bowers", n, seed=4, chunk_size=4_096, scheduler=client.scheduler.address)
    assert remote.equal_counts(local)
    assert remote.summary() == local.summary()


@pytest.mark.jit
def test_whole_games_with_a_parameter_on_dask_equal_local(client) -> None:  # type: ignore[no-untyped-def]
    n = 6_000
    local = simulate("cribbage-games", n, seed=8, params={"policy": "random"})
    remote = simulate("cribbage-games", n, seed=8, chunk_size=1_000, scheduler=client, params={"policy": "random"})
    assert remote.equal_counts(local) and remote.params == {"policy": "random"}
    assert not remote.equal_counts(simulate("cribbage-games", n, seed=8))  # the baseline plays other games


@pytest.mark.slow
def test_workers_start_a_local_cluster() -> None:
    n = 30_000
    r = simulate("skat-skat-points", n, seed=6, chunk_size=5_000, workers=2)
    assert r.backend == "dask:2"
    assert r.equal_counts(simulate("skat-skat-points", n, seed=6))


def test_unreachable_scheduler_is_one_clear_error() -> None:
    with pytest.raises(SimulationError, match="cannot reach the Dask scheduler"):
        simulate("skat-jacks", 10, seed=1, scheduler="tcp://127.0.0.1:9")


@pytest.mark.parametrize("address", ["foo", "tcp://127.0.0.1:notaport", "tcp://127.0.0.1:99999", "inproc://x"])
def test_malformed_scheduler_address_is_one_clear_error(address: str) -> None:
    """distributed's ValueError for an address it cannot parse became a traceback in the CLI."""
    with pytest.raises(SimulationError, match="bad Dask scheduler address"):
        simulate("skat-jacks", 10, seed=1, scheduler=address)


def test_bad_scheduler_type() -> None:
    with pytest.raises(TypeError, match="scheduler must be"):
        simulate("skat-jacks", 10, seed=1, scheduler=3.5)
