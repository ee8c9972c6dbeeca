"""Tool search: words, ranking, determinism, policies, live registries, dense and hybrid."""

from __future__ import annotations

import hashlib
import json
import logging
import subprocess
import sys
from pathlib import Path

import pytest

from toolbridge import ConfigError, Tool, tool
from toolbridge.formats import from_mcp
from toolbridge.search import ToolSearch, tokenize
from toolbridge.toolsets import Identity, Policy, PolicyRule, Registry

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus" / "mcp"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("listPullRequests", ["list", "pull", "request"]),
        ("list_pull_requests", ["list", "pull", "request"]),
        ("git.pr-list", ["git", "pull", "request", "list"]),
        ("list_prs in my repo", ["list", "pull", "request", "repository"]),
        ("get_URLs of HTTPRequest", ["url", "http", "request"]),
        ("Creating issues, created issue", ["creat", "issu", "creat", "issu"]),
        ("the files in my directories", ["file", "directory"]),
        ("UTF8String strings", ["utf", "8", "string", "string"]),
    ],
)
def test_names_and_sentences_split_into_the_same_words(text: str, words: list[str]) -> None:
    assert tokenize(text) == words


@pytest.mark.parametrize(
    ("text", "spaced"),
    [
        ("getURLsé HTTPRequest", "getURLs HTTPRequest"),
        ("HTTPéRequest", "HTTP Request"),
        ("listPullRequests\u2014and_files", "listPullRequests and_files"),
        ("\uff30\uff32 \uff53\uff45\uff4e\uff44 \uff12 emails", "PR send 2 emails"),  # full width
        ("naïve UTF8Strings", "na ve UTF8Strings"),
    ],
)
def test_text_beyond_ascii_splits_as_ascii_does(text: str, spaced: str) -> None:
    # ASCII text is cut into words apart from the rest: both ways must agree.
    assert tokenize(text) == tokenize(spaced)


def corpus_tools() -> list[Tool]:
    tools: dict[str, Tool] = {}
    for path in sorted(CORPUS.glob("*.json")):
        for item in from_mcp(json.loads(path.read_text())):
            name = f"{path.stem}__{item.name}"[:128]
            tools.setdefault(name, item.replace(name=name, namespace=path.stem))
    return list(tools.values())


@pytest.fixture(scope="module")
def corpus_search() -> ToolSearch:
    return ToolSearch(corpus_tools())


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("tell me the current time in Tokyo", "mcp-server-time__get_current_time"),
        ("take a screenshot of the web page", "ea-playwright__playwright_screenshot"),
        ("open a pull request from my feature branch", "github-mcp-server__create_pull_request"),
        ("add a page to my Notion workspace", "notion__API-post-page"),
    ],
)
def test_realistic_queries_find_their_tool_in_the_top_five(
    corpus_search: ToolSearch, query: str, expected: str
) -> None:
    assert expected in [hit.name for hit in corpus_search.search(query, 5)]


def test_ties_keep_the_toolsets_order_and_repeat_exactly() -> None:
    twins = [Tool(name=name, description="Fetch the weather.") for name in ("sky", "air", "sun")]
    search = ToolSearch(twins)
    first = [hit.name for hit in search.search("weather", 3)]
    assert first == ["sky", "air", "sun"]
    assert all([hit.name for hit in search.search("weather", 3)] == first for _ in range(20))


def test_a_query_sharing_no_word_finds_nothing() -> None:
    search = ToolSearch([Tool(name="forecast", description="Weather forecast.")])
    assert search.search("quantum chromodynamics") == []
    assert ToolSearch([]).search("anything") == []


def test_search_never_returns_a_tool_the_caller_cannot_see() -> None:
    @tool
    def delete_repository(name: str) -> str:
        """Delete a repository for ever."""
        return name

    @tool
    def archive_repository(name: str) -> str:
        """Archive a repository, keeping it read-only."""
        return name

    guarded = Registry([delete_repository, archive_repository]).with_policy(
        Policy(rules=(PolicyRule(effect="deny", tools={"delete_*"}, roles={"intern"}),))
    )
    search = ToolSearch(guarded)
    intern, admin = Identity(roles={"intern"}), Identity(roles={"admin"})
    assert [h.name for h in search.search("delete a repository", 1, identity=admin)] == [
        "delete_repository"
    ]
    assert [h.name for h in search.search("delete a repository", 1, identity=intern)] == [
        "archive_repository"
    ]


def test_ties_keep_the_toolsets_order_past_hidden_tools() -> None:
    names = ["send_email", "sendEmail", "send-email", "SendEmail", "send.email"]
    tools = [Tool(name=name, description="Send an email.") for name in names]
    tools.append(Tool(name="read_email", description="Read an email."))
    guarded = Registry(tools).with_policy(
        Policy(rules=(PolicyRule(effect="deny", tools={"send_email", "sendEmail"}),))
    )
    search = ToolSearch(guarded)
    assert [hit.name for hit in search.search("send an email", 2)] == names[2:4]
    assert [hit.name for hit in search.search("send an email", 4)] == [*names[2:], "read_email"]


def test_the_index_follows_a_live_registry() -> None:
    registry = Registry([Tool(name="forecast", description="Weather forecast.")])
    search = ToolSearch(registry)
    assert search.search("translate this text") == []
    registry.add(Tool(name="translate", description="Translate text between languages."))
    assert [hit.name for hit in search.search("translate this text")] == ["translate"]


def test_bad_queries_and_modes_are_config_errors() -> None:
    search = ToolSearch([Tool(name="forecast")])
    with pytest.raises(ConfigError):
        search.search(3)  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        search.search("x", 0)
    with pytest.raises(ConfigError):
        ToolSearch([], mode="fuzzy")  # type: ignore[arg-type]


def _python(code: str) -> subprocess.CompletedProcess[str]:
    """`code` run by a fresh interpreter: what a program's first search does to it."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )


def test_searching_adds_no_debug_lines_to_an_application_logging_at_info() -> None:
    code = (
        "import logging; logging.basicConfig(level=logging.INFO)\n"
        "from toolbridge import Tool\n"
        "from toolbridge.search import ToolSearch\n"
        "hits = ToolSearch([Tool(name='get_forecast', description='Weather.')]).search('weather')\n"
        "print([hit.name for hit in hits])\n"
    )
    done = _python(code)
    assert done.stdout.strip() == "['get_forecast']"
    assert "DEBUG" not in done.stderr, done.stderr


def test_dense_search_leaves_an_application_logging_as_it_was() -> None:
    # wordllama calls logging.basicConfig(level=INFO) on import: a fresh process shows it.
    code = (
        "import logging\n"
        "from toolbridge import Tool\n"
        "from toolbridge.search import ToolSearch\n"
        "ToolSearch([Tool(name='a', description='b')], mode='dense').search('b')\n"
        "logging.getLogger('library').info('an INFO line nobody asked for')\n"
        "print(logging.getLogger().level, logging.getLogger().handlers)\n"
    )
    done = _python(code)
    assert done.stdout.strip() == f"{logging.WARNING} []"
    assert "nobody asked for" not in done.stderr


@pytest.mark.parametrize("mode", ["dense", "hybrid"])
def test_dense_and_hybrid_search_run_offline(mode: str) -> None:
    tools = [
        Tool(name="get_forecast", description="Weather forecast for a city."),
        Tool(name="create_invoice", description="Bill a customer for an order."),
        Tool(name="send_email", description="Send an email message to someone."),
    ]
    search = ToolSearch(tools, mode=mode)  # type: ignore[arg-type]
    assert search.search("will it rain in Paris tomorrow", 1)[0].name == "get_forecast"
    assert search.search("mail my boss a note", 1)[0].name == "send_email"


@pytest.mark.parametrize("mode", ["dense", "hybrid"])
def test_dense_scores_reach_every_tool_of_a_large_registry(mode: str) -> None:
    # Past a thousand tools the dense product runs in blocks: the last ones count too.
    fillers = [
        Tool(name=f"widget_{index}", description=f"Manage the inventory of widget {index}.")
        for index in range(2_500)
    ]
    forecast = Tool(name="get_forecast", description="Weather forecast for a city.")
    tools = [*fillers[:2_300], forecast, *fillers[2_300:]]
    hits = ToolSearch(tools, mode=mode).search("will it rain in Paris tomorrow", 1)  # type: ignore[arg-type]
    assert [hit.name for hit in hits] == ["get_forecast"]


def test_a_tools_embedding_is_its_own_whatever_else_is_indexed() -> None:
    # Texts are embedded in batches ordered by length; each keeps the vector it has alone.
    from toolbridge.search._dense import DenseIndex

    short, long = "Send an email.", "List every open pull request of a repository, " * 12
    texts = [long, short, "Weather forecast for a city.", short + " Or a text message.", long]
    together = DenseIndex(texts)._vectors
    for at, text in enumerate(texts):
        assert together[at].tobytes() == DenseIndex([text])._vectors[0].tobytes()


STYLES = Path(__file__).resolve().parents[2] / "bench" / "search_styles"
CORPORA = CORPUS.parent


def _query_sets() -> list[Path]:
    return sorted(STYLES.glob("*.json"))


@pytest.mark.parametrize("path", _query_sets(), ids=lambda path: path.stem)
def test_a_query_set_names_real_tools_and_keeps_its_split(path: Path) -> None:
    data = json.loads(path.read_text())
    assert path.stem == f"{data['corpus']}-{data['style']}"
    ids = {
        f"{file.stem}/{item['name']}"
        for file in (CORPORA / data["corpus"]).glob("*.json")
        if file.name != "licences.json"
        for item in json.loads(file.read_text())
    }
    queries = data["queries"]
    assert len(queries) >= 100
    assert len({entry["query"] for entry in queries}) == len(queries)
    # The split is the text's hash and nothing else, so it never moves (see the file).
    below = data.get("tune_below", 128)
    for entry in queries:
        tuned = int(hashlib.sha256(entry["query"].encode()).hexdigest()[:2], 16) < below
        assert entry["split"] == ("tune" if tuned else "test"), entry["query"]
    tests = sum(entry["split"] == "test" for entry in queries)
    assert 0.2 <= tests / len(queries) <= 0.6
    for entry in queries:
        assert entry["relevant"], entry["query"]
        assert set(entry["relevant"]) <= ids, entry["query"]


def test_there_are_three_styles_over_two_corpora() -> None:
    sets = [json.loads(path.read_text()) for path in _query_sets()]
    assert {data["style"] for data in sets} >= {"everyday", "concrete", "terse"}
    assert {data["corpus"] for data in sets} >= {"mcp", "openapi"}


def test_evaluate_scores_recall_and_mrr_by_the_first_right_tool() -> None:
    from toolbridge.search import evaluate

    tools = [
        Tool(name="get_forecast", description="Weather forecast for a city."),
        Tool(name="send_email", description="Send an email message to someone."),
        Tool(name="send_sms", description="Send a text message to a phone."),
    ]
    search = ToolSearch(tools)
    scores = evaluate(
        search,
        [
            ("weather forecast for Paris", {"get_forecast"}),
            ("send a message", {"send_sms"}),  # both senders match; ties go in order
            ("book a flight", {"get_forecast"}),  # no word matches: a miss
        ],
        ks=(1, 2),
    )
    assert scores.queries == 3
    assert scores.recall == {1: 1 / 3, 2: 2 / 3}
    assert scores.mrr == pytest.approx((1 + 1 / 2) / 3)
    assert scores.missed == ("book a flight",)
    with pytest.raises(ConfigError, match="ks must be positive integers"):
        evaluate(search, [], ks=(0,))


def test_the_corpus_queries_find_their_tools() -> None:
    """A floor under the ranking on the held-back half of the everyday queries."""
    from toolbridge.search import evaluate

    data = json.loads((STYLES / "mcp-everyday.json").read_text())
    tools: dict[str, Tool] = {}
    for file in sorted(CORPUS.glob("*.json")):
        for item in from_mcp(json.loads(file.read_text())):
            tools.setdefault(
                f"{file.stem}/{item.name}", item.replace(name=f"{file.stem}__{item.name}"[:128])
            )
    search = ToolSearch(list(tools.values()))
    asked = [
        (entry["query"], {tools[key].name for key in entry["relevant"]})
        for entry in data["queries"]
        if entry["split"] == "test"
    ]
    scores = evaluate(search, asked)
    assert scores.recall[5] >= 0.7
    assert scores.recall[1] >= 0.45
