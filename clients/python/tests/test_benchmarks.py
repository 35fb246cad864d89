"""``client.benchmarks`` against a real server: listing, lookup, prompts, custom and smart benchmarks."""

from pathlib import Path

import pytest

from assay import Assay, AsyncAssay, NotFoundError
from assay._exceptions import UnprocessableEntityError
from assay.types import (
    BenchmarkPromptsData,
    BenchmarksListResponse,
    CreateBenchmarkResponse,
    CustomBenchmark,
    PublicBenchmark,
)

from .conftest import unique
from .support.assay_server import AssayServer
from .support.files import ARITHMETIC_ROWS, write_jsonl


def test_lists_own_benchmarks_first_then_built_in_ones(client: Assay, arithmetic_benchmark: CustomBenchmark) -> None:
    answer = client.benchmarks.get()
    assert isinstance(answer, BenchmarksListResponse) and isinstance(answer.benchmarks, list)
    benchmarks = answer.benchmarks
    kinds = [isinstance(b, CustomBenchmark) for b in benchmarks]
    assert kinds == sorted(kinds, reverse=True)
    assert arithmetic_benchmark.id in [b.id for b in benchmarks]
    public = client.benchmarks.get(type="public")
    assert public.benchmarks and all(isinstance(b, PublicBenchmark) for b in public.benchmarks)
    assert all(isinstance(b, CustomBenchmark) for b in client.benchmarks.get(type="custom").benchmarks)
    # Also a sequence of its benchmarks, as the bare list older code expects.
    assert len(answer) == len(benchmarks) and answer[0] == benchmarks[0] and list(answer) == benchmarks
    assert public and all(isinstance(b, PublicBenchmark) for b in public)


def test_get_by_key_and_get_by_id(client: Assay, arithmetic_benchmark: CustomBenchmark) -> None:
    gsm8k = client.benchmarks.get_by_key("gsm8k")
    assert isinstance(gsm8k, PublicBenchmark) and gsm8k.key == "gsm8k"
    assert client.benchmarks.get_by_key("gsm8") is None, "keys match exactly"
    # The original client's samples default to ARC-AGI-2.
    arc = client.benchmarks.get_by_key("arc-agi-2")
    assert isinstance(arc, PublicBenchmark) and arc.key == "arc-agi-2" and arc.name == "ARC-AGI-2"
    assert isinstance(client.benchmarks.get_by_id(gsm8k.id), PublicBenchmark)
    own = client.benchmarks.get_by_id(arithmetic_benchmark.id)
    assert isinstance(own, CustomBenchmark)
    assert own.prompt_count == len(ARITHMETIC_ROWS) and own.scoring_metric == "numeric"
    with pytest.raises(NotFoundError):
        client.benchmarks.get_by_id("00000000-0000-4000-8000-000000000000")


def test_prompts_page_and_all(client: Assay, arithmetic_benchmark: CustomBenchmark) -> None:
    page = client.benchmarks.get_prompts(arithmetic_benchmark.id, page=1, page_size=2)
    assert isinstance(page, BenchmarkPromptsData)
    assert page.count == len(ARITHMETIC_ROWS) and len(page.prompts) == 2
    found = client.benchmarks.get_prompts(arithmetic_benchmark.id, search_field="input", search_value="400")
    assert [p.truth for p in found.prompts] == ["444"]
    every = client.benchmarks.get_all_prompts(arithmetic_benchmark.id)
    assert [p.truth for p in every] == [row["truth"] for row in ARITHMETIC_ROWS]


def test_remove_and_add_a_benchmark(client: Assay) -> None:
    benchmark = client.benchmarks.get_by_key("mmlu") or client.benchmarks.get(type="public")[0]
    assert client.benchmarks.remove(benchmark.id) is True
    assert benchmark.id not in [b.id for b in client.benchmarks.get()]
    assert client.benchmarks.add(benchmark.id) is True
    assert benchmark.id in [b.id for b in client.benchmarks.get()]


def test_create_custom_uploads_and_lists_it(client: Assay, tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "qa.jsonl", [{"input": "Capital of France?", "truth": "Paris"}])
    name = unique("QA")
    created = client.benchmarks.create_custom(
        name=name, description="one question", file_path=path, additional_metrics=["readability"]
    )
    assert isinstance(created, CreateBenchmarkResponse)
    listed = client.benchmarks.get(type="custom", name=name)
    assert [b.id for b in listed] == [created.benchmark_id]
    benchmark = listed[0]
    assert isinstance(benchmark, CustomBenchmark)
    assert benchmark.files == ["qa.jsonl"] and "readability" in (benchmark.metrics or [])


def test_a_dataset_with_bad_rows_is_refused_with_422(client: Assay, tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"input": "fine", "truth": "yes"}\nnot json\n{"truth": "no input"}\n')
    with pytest.raises(UnprocessableEntityError) as caught:
        client.benchmarks.create_custom(name=unique("Bad"), description="", file_path=path)
    assert caught.value.status_code == 422
    assert "Error code: 422" in str(caught.value)


def test_create_smart_uploads_every_document(client: Assay, tmp_path: Path) -> None:
    first = tmp_path / "policy.md"
    first.write_text("# Refunds\nRefunds are possible within 30 days of purchase.\n")
    second = tmp_path / "faq.txt"
    second.write_text("Shipping takes 3 to 5 working days.\n")
    name = unique("Smart")
    created = client.benchmarks.create_smart(
        name=name, description="from documents", system_prompt="Answer briefly.", file_paths=[first, second]
    )
    benchmark = client.benchmarks.get_by_id(created.benchmark_id)
    assert isinstance(benchmark, CustomBenchmark)
    assert benchmark.kind == "smart" and sorted(benchmark.files or []) == ["faq.txt", "policy.md"]


@pytest.mark.anyio
async def test_async_benchmarks(
    assay_server: AssayServer, arithmetic_benchmark: CustomBenchmark, tmp_path: Path
) -> None:
    async with AsyncAssay(api_key=assay_server.api_key, base_url=assay_server.base_url) as client:
        assert await client.benchmarks.get_by_key(arithmetic_benchmark.key) == arithmetic_benchmark
        assert isinstance(await client.benchmarks.get_by_id(arithmetic_benchmark.id), CustomBenchmark)
        prompts = await client.benchmarks.get_all_prompts(arithmetic_benchmark.id)
        assert len(prompts) == len(ARITHMETIC_ROWS)
        path = write_jsonl(tmp_path / "async.jsonl", ARITHMETIC_ROWS[:2])
        created = await client.benchmarks.create_custom(name=unique("Async"), description="", file_path=path)
        assert (await client.benchmarks.get_prompts(created.benchmark_id)).count == 2
        document = tmp_path / "notes.txt"
        document.write_text("Assay runs evaluations in the background.\n")
        smart = await client.benchmarks.create_smart(
            name=unique("AsyncSmart"), description="", system_prompt="Be brief.", file_paths=[document]
        )
        assert smart.benchmark_id
        public = await client.benchmarks.get(type="public")
        assert await client.benchmarks.remove(public[0].id)
        assert await client.benchmarks.add(public[0].id)
