"""What the ranking does with a user's words: typos, values, everyday words, fusion."""

from __future__ import annotations

import pytest

from toolbridge import Tool
from toolbridge.search import ToolSearch, _lexical
from toolbridge.search._lexical import LexicalIndex

TOOLS = [
    Tool(name="send_email", description="Send an email message to a recipient."),
    Tool(name="create_issue", description="Open an issue in a repository."),
    Tool(name="create_event", description="Add an event to a calendar."),
    Tool(name="read_range", description="Read cell values from an Excel workbook."),
    Tool(name="list_commits", description="List commits of a branch since 2024-01-01."),
    Tool(name="get_forecast", description="Weather forecast for a city."),
]


@pytest.fixture(scope="module")
def search() -> ToolSearch:
    return ToolSearch(TOOLS)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("serch my emials", "send_email"),
        ("wether forcast for Oslo", "get_forecast"),
        ("opne an isue", "create_issue"),
    ],
)
def test_a_word_one_edit_from_the_tools_word_is_read_as_it(
    search: ToolSearch, query: str, expected: str
) -> None:
    assert search.search(query, 1)[0].name == expected


def test_a_word_two_edits_away_or_short_is_not_guessed(search: ToolSearch) -> None:
    assert search.search("wxathxr", 1) == []  # two edits from "weather": no guess
    assert search.search("emal", 1)[0].name == "send_email"  # one edit, four letters
    assert search.search("cty", 1) == []  # three letters: too many words one edit away


def test_an_everyday_word_is_never_read_as_a_typo() -> None:
    # "grab" is one edit from "grad" (the stem of "grade"), and an everyday word for "get".
    tools = [
        Tool(name="grade_papers", description="Grade a student's papers."),
        Tool(name="get_report", description="Get the weekly report."),
    ]
    found = ToolSearch(tools).search("grab the weekly report", 5)
    assert [hit.name for hit in found] == ["get_report"]


def test_numbers_and_single_letters_are_values_not_what_a_query_asks(
    search: ToolSearch,
) -> None:
    # "2024" and "01" appear only in list_commits' example date; they must not pull it up.
    hits = search.search("read A1:F50 of the sheet from 2024-01-01", 2)
    assert hits[0].name == "read_range"
    assert [hit.name for hit in search.search("2024 01", 5)] == []


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("file a bug about the login page", "create_issue"),
        ("book an appointment with the dentist", "create_event"),
        ("what is in sales.xlsx", "read_range"),
        ("will it rain tomorrow", "get_forecast"),
    ],
)
def test_everyday_words_bring_the_tools_words(
    search: ToolSearch, query: str, expected: str
) -> None:
    assert search.search(query, 1)[0].name == expected


def test_a_tool_that_uses_the_users_own_word_still_ranks_first() -> None:
    tools = [
        Tool(name="create_issue", description="Open an issue in a repository."),
        Tool(name="report_bug", description="Report a bug to the vendor."),
    ]
    assert ToolSearch(tools).search("report a bug", 1)[0].name == "report_bug"


def test_hybrid_keeps_the_bm25_clear_winner_first() -> None:
    pytest.importorskip("wordllama")
    tools = [
        *TOOLS,
        Tool(name="translate_text", description="Translate text into another language."),
    ]
    for query in ("send an email to Ana", "list commits of main", "translate this text"):
        bm25 = ToolSearch(tools).search(query, 1)[0].name
        assert ToolSearch(tools, mode="hybrid").search(query, 1)[0].name == bm25


def test_a_word_in_a_short_name_outranks_it_scattered_through_parameters() -> None:
    crowded = Tool(
        name="create_contact",
        description="Create a contact.",
        input_schema={
            "type": "object",
            "properties": {
                f"field_{index}": {"type": "string", "description": f"Contact email {index}."}
                for index in range(12)
            },
        },
    )
    tools = [crowded, Tool(name="send_email", description="Send a message.")]
    assert ToolSearch(tools).search("email", 1)[0].name == "send_email"


def test_a_word_said_again_counts_once() -> None:
    # Counted three times, "deploy" outweighed "page" and "wiki" together.
    tools = [
        Tool(name="deploy_app", description="Deploy an application."),
        Tool(name="delete_wiki_page", description="Delete a page of a wiki."),
    ]
    query = "take the deploy page out of the wiki: nobody deploys that way, no deploy uses it"
    assert ToolSearch(tools).search(query, 1)[0].name == "delete_wiki_page"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("get rid of the Q2 milestone", "delete_milestone"),
        ("how many are in the support collection", "count_documents"),
        ("find the milestone called Q2", "search_milestones"),
    ],
)
def test_everyday_verbs_bring_the_tools_verbs(query: str, expected: str) -> None:
    tools = [
        Tool(name="create_milestone", description="Create a milestone in a project."),
        Tool(name="delete_milestone", description="Delete a milestone of a project."),
        Tool(name="search_milestones", description="Search the milestones of a project."),
        Tool(name="peek_collection", description="Peek at a collection's first documents."),
        Tool(name="count_documents", description="Count the documents of a collection."),
    ]
    assert ToolSearch(tools).search(query, 1)[0].name == expected


def test_hybrid_breaks_a_bm25_tie_by_meaning() -> None:
    pytest.importorskip("wordllama")
    # Both tools share one word with the query, equally: BM25 keeps the toolset's order.
    tools = [
        Tool(name="forward_post", description="Forward the report by post."),
        Tool(name="send_message", description="Send the report as a message."),
    ]
    query = "email my boss the report"
    tied = ToolSearch(tools).search(query, 2)
    assert tied[0].score == tied[1].score
    assert ToolSearch(tools, mode="hybrid").search(query, 1)[0].name == "send_message"


def test_parameters_are_read_wherever_the_schema_holds_them() -> None:
    # The one walker's subschemas: an anyOf branch's and a $defs entry's properties count.
    tools = [
        Tool(
            name="configure",
            description="Configure the service.",
            input_schema={
                "type": "object",
                "anyOf": [{"properties": {"webhook": {"type": "string"}}}],
                "properties": {"target": {"$ref": "#/$defs/target"}},
                "$defs": {"target": {"properties": {"region": {"type": "string"}}}},
            },
        ),
        Tool(name="describe", description="Describe the service."),
    ]
    search = ToolSearch(tools)
    assert search.search("service webhook", 2)[0].name == "configure"
    assert search.search("service region", 2)[0].name == "configure"


def test_identifiers_and_email_addresses_are_values_not_words() -> None:
    # Split into words, the key reads "jbt hkd ku gh ggb", and "gh" means GitHub.
    keys = ToolSearch(
        [
            Tool(name="github_keys", description="Show the keys of a GitHub account."),
            Tool(name="show_key", description="Show a public key."),
        ]
    )
    assert keys.search("show the key JBTHkd8zKu6J1GhGgb1n4m", 1)[0].name == "show_key"
    pages = ToolSearch([Tool(name="example_org", description="Pages of example.org.")])
    assert pages.search("jane@example.org", 5) == []


def test_a_reason_given_aside_counts_less_than_the_ask() -> None:
    # One word each, the first tool in the toolset would win the tie.
    tools = [
        Tool(name="notify_team", description="Notify a team."),
        Tool(name="archive_report", description="Archive a report."),
    ]
    found = ToolSearch(tools).search("archive the report so I can notify the team", 1)
    assert found[0].name == "archive_report"


def test_values_do_not_move_the_embedding() -> None:
    pytest.importorskip("wordllama")
    search = ToolSearch(TOOLS, mode="dense")
    plain = search.search("send an email to the team", 3)
    valued = search.search("send an email to jane@example.org 3b18e512dba7 the team", 3)
    assert [(hit.name, hit.score) for hit in valued] == [(hit.name, hit.score) for hit in plain]


def test_a_name_inside_a_sentence_is_never_read_as_a_typo() -> None:
    # "Lisa" is one edit from "list"; in lower case it is read as the typo it may be.
    search = ToolSearch([Tool(name="list_pages", description="List pages.")])
    assert search.search("photos that Lisa took", 5) == []
    assert [hit.name for hit in search.search("photos that lisa took", 5)] == ["list_pages"]


def pairs(*described: tuple[tuple[str, str], str]) -> list[Tool]:
    """Two sibling tools per description: the same words, so BM25 ties each pair."""
    return [
        Tool(name=name, description=description)
        for names, description in described
        for name in names
    ]


# Names as long as their sibling's, the wrong one first: BM25 alone would pick it.
SIBLINGS = pairs(
    (("createStatements", "fetchStatements"), "Bank feed statements."),
    (("pull_request_write", "pull_request_read"), "Pull requests of a repository."),
    (("fetch_milestone", "remove_milestone"), "A project milestone."),
    (("put_label", "post_label"), "A label of a repository."),
    (("post_attributes", "read_attributes"), "Computed attributes of a device."),
)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("list the bank feed statements pushed this week", "fetchStatements"),
        ("which pull requests in web-portal are still active?", "pull_request_read"),
        ("take the Q2 milestone off the board, it was made by mistake", "remove_milestone"),
        ("new label 'needs-repro' on acme/cli", "post_label"),
        ("what computed attributes does my tracker have", "read_attributes"),
    ],
)
def test_the_sibling_whose_name_does_what_is_asked_ranks_first(query: str, expected: str) -> None:
    assert ToolSearch(SIBLINGS).search(query, 1)[0].name == expected


def test_an_operation_only_reorders_tools_the_words_found() -> None:
    # A request with no word of a tool's never finds it, whatever its name's operation.
    hits = ToolSearch(SIBLINGS).search("delete the bank feed statements", 5)
    assert [hit.name for hit in hits] == ["createStatements", "fetchStatements"]


def test_a_name_that_reads_and_writes_is_read_as_writing() -> None:
    tools = [
        Tool(name="find_doc", description="Words of a doc."),
        Tool(name="find_and_replace_doc", description="Words of a doc."),
    ]
    search = ToolSearch(tools)
    assert search.search("change the words of the doc", 1)[0].name == "find_and_replace_doc"
    assert search.search("show me the words of the doc", 1)[0].name == "find_doc"


def test_a_leading_clause_says_when_not_what_is_asked() -> None:
    # "change" comes first, but "Before I ..., " only says when: the request shows.
    tools = pairs((("create_milestone", "fetch_milestone"), "A project milestone."))
    hits = ToolSearch(tools).search("Before I change anything, show the project milestone", 1)
    assert hits[0].name == "fetch_milestone"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("recent datadog incidents", "scan_incidents"),
        ("open audit event 4821 from the account log", "fetchEvent"),
    ],
)
def test_the_sibling_that_reads_as_many_things_as_asked_ranks_first(
    query: str, expected: str
) -> None:
    tools = pairs(
        (("fetch_incident", "scan_incidents"), "Datadog incidents."),
        (("fetchEvents", "fetchEvent"), "Audit log events of the account."),
    )
    assert ToolSearch(tools).search(query, 1)[0].name == expected


def test_a_plural_in_a_writing_tools_path_is_not_many() -> None:
    # REST paths name collections: post_roles adds one role, as post_role does.
    tools = pairs((("post_roles", "post_role"), "A role of a person."))
    first, second = ToolSearch(tools).search("add a role to this person", 2)
    assert first.score == pytest.approx(second.score)


def test_a_word_inside_a_compound_token_is_never_read_as_a_typo() -> None:
    # "cart" is one edit from "card"; in a key ("cart:991"), a path or an id it is a name.
    tools = [
        Tool(name="create_card", description="Create a card on a board."),
        Tool(name="set_ttl", description="Set the time to live of a cache key."),
    ]
    search = ToolSearch(tools)
    assert [hit.name for hit in search.search("extend the ttl on cart:991", 5)] == ["set_ttl"]
    assert "create_card" in [hit.name for hit in search.search("extend the ttl of my cart", 5)]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Add a label to the repository", "label_settings"),
        ("Add a repository to the label", "repository_settings"),
        ("Rename the label in the repository", "label_settings"),
    ],
)
def test_what_the_operation_acts_on_outweighs_its_arguments(query: str, expected: str) -> None:
    # One word each: without the request's object, the first tool would win the tie.
    tools = [
        Tool(name="repository_settings", description="Settings of a repository."),
        Tool(name="label_settings", description="Settings of a label."),
    ]
    assert ToolSearch(tools).search(query, 1)[0].name == expected


def test_a_request_naming_no_operation_weighs_its_words_alike() -> None:
    tools = [
        Tool(name="repository_settings", description="Settings of a repository."),
        Tool(name="label_settings", description="Settings of a label."),
    ]
    first, second = ToolSearch(tools).search("a label for the repository", 2)
    assert first.score == pytest.approx(second.score)


def test_a_generated_methods_suffix_is_no_operation() -> None:
    # Spring's ids end in the HTTP method: deleteGroupUsingPOST deletes, it does not create.
    tools = pairs((("createGroupUsingPOST", "deleteGroupUsingPOST"), "A group of authors."))
    assert ToolSearch(tools).search("destroy the authors group", 1)[0].name == (
        "deleteGroupUsingPOST"
    )


def test_hybrid_puts_the_tool_doing_what_is_asked_ahead_of_a_near_tie() -> None:
    # The same words for BM25; the embedding alone puts milestone_board a little ahead.
    pytest.importorskip("wordllama")
    tools = [
        *TOOLS,
        Tool(name="milestone_board", description="The milestone of a project."),
        Tool(name="fetch_milestone", description="The milestone of a project."),
    ]
    query = "show the milestone of the project"
    first, second = ToolSearch(tools).search(query, 2)
    assert first.score == pytest.approx(second.score)
    hits = ToolSearch(tools, mode="hybrid").search(query, 2)
    assert [hit.name for hit in hits] == ["fetch_milestone", "milestone_board"]


def test_a_long_request_prefers_the_tool_acting_on_what_it_names() -> None:
    # The same words in both; the name's last part says what each acts on. The first
    # tool in the toolset would win the tie.
    tools = pairs((("widgets__list_gadgets", "gadgets__list_widgets"), "Widgets and gadgets."))
    search = ToolSearch(tools)
    long = (
        "For the team dashboard, show me all the widgets we have right now, "
        "sorted by their display name, on page two of the results"
    )
    assert search.search(long, 1)[0].name == "gadgets__list_widgets"
    first, second = search.search("show all the widgets", 2)  # short: left as it is
    assert first.score == pytest.approx(second.score)


def test_a_word_beside_what_is_acted_on_counts_less_in_a_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "repository" says where the label is: it counts less in a tool's name than in its
    # description, the more so in BM25 mode (`objects`) than in hybrid's BM25 part.
    # get_repository loses ground; get_label keeps its score.
    description = "The details of a label and of its repository."
    tools = [
        Tool(name="get_repository", description=description),
        Tool(name="get_label", description=description),
    ]
    lexical = LexicalIndex(tools)
    query = "Show the label in the repository"
    alone, fused = lexical.scores(query, objects=True), lexical.scores(query)
    monkeypatch.setattr(_lexical, "_FUSED_NAME_BESIDE_OBJECT", 1.0)
    alike = lexical.scores(query)  # every word of the name at its own weight
    assert alone[0] < fused[0] < alike[0]
    assert alone[1] == pytest.approx(fused[1]) == pytest.approx(alike[1])
    # With no operation word, no word is beside the object: the name weighs all alike.
    assert lexical.scores("label repository", objects=True)[0] == pytest.approx(
        lexical.scores("label repository")[0]
    )


SERVER_TOOLS = [
    Tool(name="gitlab__push_files", description="Push files to a branch in one commit."),
    Tool(name="github__push_files", description="Push files to a branch in one commit."),
    Tool(name="brave-search__web_search", description="Search the web."),
    Tool(name="files__search_files", description="Search files by name."),
    Tool(name="notes__search_notes", description="Search notes by title."),
    Tool(name="push", namespace="pushover", description="Send a push notification."),
]


def test_a_request_names_a_server_by_a_word_mostly_its_tools_say() -> None:
    lexical = LexicalIndex(SERVER_TOOLS)
    named = lexical.of_servers_named("Push the docs to the main branch of GitLab project 7781")
    # "GitLab" as written is the server's word, though the search reads "git" and "lab".
    assert named is not None
    assert named.tolist() == [True, False, False, False, False, False]
    namespace = lexical.of_servers_named("a Pushover alert to my phone")
    assert namespace is not None
    assert namespace.tolist() == [False, False, False, False, False, True]
    # Most tools that say "search" are not brave-search's: the word names no server.
    assert lexical.of_servers_named("type into the search box") is None
    assert lexical.of_servers_named("push the files") is None


def test_hybrid_puts_the_named_servers_tool_first_of_two_alike() -> None:
    pytest.importorskip("wordllama")
    query = "Push docs/api.md to the docs-refresh branch of GitLab project 7781 as one commit"
    first, second = ToolSearch(SERVER_TOOLS).search(query, 2)
    assert first.score == pytest.approx(second.score)  # BM25 reads "git" and "lab"
    hits = ToolSearch(SERVER_TOOLS, mode="hybrid").search(query, 2)
    assert [hit.name for hit in hits] == ["gitlab__push_files", "github__push_files"]
