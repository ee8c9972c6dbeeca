"""Exfiltration through parameters: a field that asks the model for what it should not give.

A poisoned parameter's description asks for data from the model's side of the
table: the conversation, secrets the user typed, the environment, files it read,
other tools' outputs. Its shape, in any of the languages below, is one sentence
holding *what* (`TALK`, `SECRETS`, `FILES`, `OUTPUTS`) and *whence*: the model's own
context (`CONTEXT`: "you have seen", "so far", "in this session", "the user
mentioned", "your environment", "other tools"), or, for the conversation, its
totality, with the user in the sentence ("the whole conversation with the user").
Or a URL the model is to build with data appended ("https://x/p?d= followed by the
user's message", ``?key={api_key}``).

An API's own parameters name the same nouns without the provenance: "the API key
for the connector", "environment variables to set in the container", "number of
past messages to fetch from the channel"; they pass.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from toolbridge.security._asks import (
    EARLIER,
    FOLLOWED,
    MORE_CONTEXT,
    MORE_OUTPUTS,
    MORE_SECRETS,
    MORE_TALK,
    MORE_TOTAL,
    PROMPTS,
    SAID,
    YOUR,
)
from toolbridge.security._gates import Family, Gated, Prefixes, holds, lower
from toolbridge.security._hit import Hit
from toolbridge.security._lazy import Lazy
from toolbridge.security._lexicon import USERS
from toolbridge.security._sources import (
    BEFORE,
    DOCUMENTS,
    EVERYTHING,
    PERSONAL,
    READ,
    SESSION,
    USER_GAVE,
)
from toolbridge.security._steering import sentence_at, sentence_ends
from toolbridge.security._variables import secret_variable

__all__ = ["ASKS", "exfiltration"]

_FILE: Final = r"(?:the |any |every |each |all )?(?:\w+ )?files?\b"
_OPENED: Final = r"(?:has |have )?(?:opened|read|viewed|edited)"
_EVERY: Final = ("everything", "all", "anything", "whatever")
_SAID: Final = r"(?:has )?(?:told|said|wrote|typed|shared|mentioned)"
_OTHER: Final = (
    r"(?:(?:the|all|every|each|any) ){0,2}(?:other|previous|prior|earlier)\b[^.\n]{0,20}?"
    r"\b(?:tools?|calls?|functions?)"
)

TALK: Final = (
    r"\bconversations?\b", r"\bchat (?:history|log|transcript)", r"\btranscript",
    r"\bcontext window",
    r"\bsystem prompt", *(rf"\b{every} (?:that )?the user " + _SAID for every in _EVERY),
    r"\buser's (?:last )?messages?\b", r"\busers' messages\b", r"\buser messages\b",
    r"\bprevious messages?\b", r"\bprior messages?\b",
    r"\bearlier messages?\b", r"\bhidden reasoning\b",
    r"\bconversaci[oó]n", r"\bconversa\b", r"\bhistorial\b", r"\bconversation", r"\bgespräch",
    r"\bunterhaltung", r"\bchatverlauf", r"\bnachrichten des (?:nutzers|benutzers)",
    r"\bbisherigen nachrichten", r"\bconversazion", r"\bcronologia", r"\bhistórico da conversa",
    r"\bmensagens anteriores", r"\bmensajes anteriores", r"\bmessages précédents",
    r"\bgesprek", r"переписк", r"диалог", r"разговор", r"сообщения пользователя",
    r"对话", r"對話", r"聊天记录", r"会話", r"やり取り", r"대화", r"محادثة", r"المحادثة", r"گفتگو",
    r"बातचीत",
)  # fmt: skip
"""The conversation with the user, and what the user said in it."""

SECRETS: Final = (
    r"\bpasswords?\b", r"\bpassphrases?\b", r"\bapi keys?\b", r"\bapi_keys?\b",
    r"\bapi-keys?\b", r"\bapikeys?\b", r"\btokens?\b", r"\bcookies\b",
    r"\bcredentials?\b", r"\bprivate keys?\b", r"\bsecrets?\b", r"\benvironment variables?\b",
    r"(?<![\w.])\.env\b", r"\bcard numbers?\b", r"\bsession keys?\b",
    r"\bcontraseñas?\b", r"\bclaves?(?: de api)?\b", r"\bmot de passe\b", r"\bmots de passe\b",
    r"\bclés?\b", r"\bvariable d'environnement\b", r"\bvariables d'environnement\b",
    r"\bvariables de entorno\b", r"\bpassw[oö]rt", r"\bkennw[oö]rt",
    r"\bschlüssel", r"\bumgebungsvariablen\b", r"\bsenhas?\b", r"\bchaves?\b",
    r"\bvariáveis de ambiente\b", r"\bchiavi\b", r"\bwachtwoord", r"\bhasła\b", r"\bhesla\b",
    r"парол", r"ключ", r"токен", r"переменн\w* окружения", r"密码", r"密碼", r"密钥", r"令牌",
    r"环境变量", r"パスワード", r"キー", r"トークン", r"環境変数", r"비밀번호", r"토큰", r"키",
    r"환경 ?변수", r"كلمة المرور", r"كلمات المرور", r"رمز عبور", r"पासवर्ड",
)  # fmt: skip
"""Secrets: passwords, keys, tokens, cookies, the environment."""

FILES: Final = (
    r"\bcontents of " + _FILE, r"\bcontent of " + _FILE, r"\bfile contents?\b",
    r"\bfiles the user " + _OPENED, r"\bfile the user " + _OPENED, r"\bfiles you " + _OPENED,
    r"\bfile you " + _OPENED,
    r"\bcontenido de (?:los |el )?archivos?", r"\bcontenu du fichier", r"\bcontenu des fichiers",
    r"\binhalt der dateien?", r"\bconteúdo (?:completo )?do arquivo", r"\bconteúdo dos arquivos",
    r"\bcontenuto de(?:l|i) file", r"содержимое файл", r"文件内容", r"ファイルの内容", r"파일 내용",
)  # fmt: skip
"""Files the model read, by their content."""

OUTPUTS: Final = (
    *(
        rf"\b{noun} {word} " + _OTHER
        for noun in ("output", "outputs", "result", "results", "response", "responses")
        for word in ("of", "from")
    ),
    r"\bother (?:http )?tools?'? (?:outputs?|results?|responses?)",
    r"\bprevious (?:http )?tools?'? (?:outputs?|results?|responses?)",
    r"\bresultados de (?:todas )?(?:las |as )?(?:otras|outras) (?:herramientas|ferramentas)",
    r"\brésultats des autres outils", r"\bausgaben (?:aller )?anderen? werkzeuge",
    r"\brisultati degli altri strumenti", r"результат\w* других инструментов",
    r"其他工具的(?:输出|结果)", r"他のツールの(?:出力|結果)", r"다른 도구의 (?:출력|결과)",
)  # fmt: skip
"""Other tools' outputs, carried into this one."""

CONTEXT: Final = (
    r"\byou(?:'ve| have)? (?:seen|saw|read|know|used|called|remember|received|opened)\b",
    r"\byour (?:context|memory|conversation)\b",
    r"\bso far\b", r"\buntil now\b", r"\b(?:in|during|from) (?:this|the current) (?:session|chat"
    r"|conversation)\b", r"\bthe user (?:has |had )?(?:mentioned|said|typed|entered|told|shared"
    r"|gave|provided|pasted|opened|viewed|visited|browsed|edited)\b", r"\banywhere in the chat\b",
    r"\bbefore this call\b",
    r"\bword for word\b", r"\bverbatim\b", r"\bother tools?\b", r"\bprevious (?:\w+ )?tool\b",
    r"\bof the process\b", r"\bvalues of (?:all |every |the )*(?:\w+ )?environment variables\b",
    r"\bcontents of (?:all |every |the )*(?:\w+ )?environment variables\b",
    r"\bvalores de (?:todas )?las variables de entorno\b",
    r"\bcontenu des variables d'environnement\b",
    r"\bwerte (?:aller |der )?umgebungsvariablen\b", r"\bvalores das variáveis de ambiente\b",
    r"содержимое переменных окружения", r"значения переменных окружения", r"环境变量的值",
    r"环境变量及其值", r"環境変数の値",
    r"\bque el usuario (?:haya|ha) (?:mencionado|dado|escrito)", r"\bque hayas le[ií]do",
    r"\botras herramientas\b", r"\bhasta ahora\b", r"\ben esta sesi[oó]n\b",
    r"\bdu projet\b", r"\bautres outils\b", r"\bjusqu'ici\b", r"\bdans cette session\b",
    r"\bque l'utilisateur a (?:mentionn|donn|saisi)", r"\bwörtlich\b", r"\bbisherig",
    r"\bgenannte\b", r"\bdieser sitzung\b", r"\banderen werkzeuge\b",
    r"\bque o usu[aá]rio mencionou\b", r"\bdurante a sess[aã]o\b", r"\baté agora\b",
    r"\boutras ferramentas\b", r"\bvistas? nela\b", r"\bfinora\b", r"\baltri strumenti\b",
    r"дословно", r"до сих пор", r"в этой сессии", r"пользователь (?:упомянул|ввёл|ввел|сообщил)",
    r"других инструментов",
    r"当前", r"目前为止", r"用户提供过", r"用户提到", r"其他工具", r"本次会话",
    r"これまで", r"ユーザーが入力した", r"他のツール", r"そのまま",
    r"지금까지", r"사용자가 (?:알려준|입력한)", r"다른 도구",
)  # fmt: skip
"""Where the data comes from: the model's own context, not the tool's API."""

TOTAL: Final = (
    r"\b(?:whole|entire|full|complete|all)\b", r"\beverything\b", r"\bcompleto\b", r"\bcompleta\b",
    r"\btod[ao]s?\b", r"\bintégralité\b", r"\btoute\b", r"\balle\b", r"\bgesamte", r"\btutt[ao]\b",
    r"\bintera\b", r"полн", r"вся\b", r"всю\b", r"全部", r"完整", r"すべて", r"全て", r"전체",
    r"\bkompletn", r"\bcał",
)  # fmt: skip
"""The whole of it: "the whole conversation"."""

_FLAGS: Final = re.IGNORECASE


def _any(words: tuple[str, ...]) -> str:
    return "(?:" + "|".join(words) + ")"


_WHAT: Final = Prefixes(TALK, MORE_TALK, SECRETS, MORE_SECRETS, FILES, OUTPUTS, PROMPTS, SAID)
_SELF: Final = Lazy(_any(MORE_OUTPUTS), _FLAGS)
"""Asks that name their provenance themselves ("the answers other tools gave")."""
_KINDS: Final = (
    (Lazy(_any(PROMPTS), _FLAGS), "its own instructions"),
    (Lazy(_any(TALK + MORE_TALK), _FLAGS), "the conversation"),
    (Lazy(_any(SECRETS + MORE_SECRETS), _FLAGS), "secrets"),
    (Lazy(_any(FILES), _FLAGS), "files it read"),
    (Lazy(_any(OUTPUTS), _FLAGS), "other tools' outputs"),
    (Lazy(_any(SAID), _FLAGS), "what the user said"),
)
_CONTEXT: Final = Gated(CONTEXT + MORE_CONTEXT)
_ENVIRONMENT: Final = re.compile(
    r"\benvironment variables?\b|\bvariables? d'environnement\b|\bvariables de entorno\b"
    r"|\bumgebungsvariablen\b|\bvariáveis de ambiente\b|\bomgevingsvariabel\w*|\bmiljövariab\w*"
    r"|\bzmienn\w* środowiskow\w*|\bortam değişken\w*|μεταβλητές περιβάλλοντος"
    r"|переменн\w* окружения|змінн\w* середовища|متغيرات البيئة|משתני סביבה|环境变量|環境変数"
    r"|환경 ?변수|ตัวแปรสภาพแวดล้อม|biến môi trường|\bvariabel lingkungan",
    _FLAGS,
)
"""The environment, asked whole in a field ("den vollständigen Inhalt aller
Umgebungsvariablen"): the host's secrets, not variables to set."""
_CONTENT: Final = re.compile(
    r"\bcontents?\b|\bvalues?\b|\binhalt|\bwerte\b|\bcontenu|\bvaleurs?\b|\bvalores\b"
    r"|\bcontenido|\bconteúdo|\bcontenuto|\bvalori\b|\binhoud\b|\bwaarden\b|\binnehåll"
    r"|\bvärden\b|\bzawartoś|\bwartoś|\biçeri|\bdeğer|περιεχόμεν|τιμές|содержим|значени"
    r"|вміст|значенн|محتوى|قيم|תוכן|ערכי|محتوا|مقادیر|सामग्री|内容|值|値|내용|값|เนื้อหา|ค่า"
    r"|nội dung|giá trị|\bisi\b|\bnilai\b",
    _FLAGS,
)
"""What is in something: its content or values ("den Inhalt aller ...")."""
_TOTAL: Final = Lazy(_any(TOTAL + MORE_TOTAL), _FLAGS)
"""All of it: "the whole conversation"."""
_EARLIER: Final = Lazy(_any(EARLIER), _FLAGS)
_YOUR: Final = Lazy(_any(YOUR), _FLAGS)
_USER: Final = Lazy(_any(USERS), _FLAGS)
_NEAR: Final = 32
"""Characters between a word of `TOTAL` and the conversation it qualifies."""
_BUILT_URL: Final = re.compile(
    r"\bhttps?://[^\s)]*[?&][\w-]*=(?:\{[^}\s]{0,40}\}|[^\s&]*\{)"
    r"|\bhttps?://[^\s)]*[?&=]\S{0,10}\s+(?:followed by|plus|then|and then|then append|with)\b"
    r"|\b(?:append|add|attach)\b[^.\n]{0,40}?(?:\?|\bquery (?:string|parameter))",
    _FLAGS,
)
"""A URL the model is to build with data in it: ``?d={...}``, ``?d= followed by``."""
_BUILT_GATE: Final = ("http", "append", "add", "attach")
_FOLLOWED: Final = re.compile(
    r"\bhttps?://[^\s)]*[?&=/#]\s+" + _any(FOLLOWED) + r"[^.\n]{0,80}", _FLAGS
)
"""A URL ending in ``/``, ``?``, ``=`` or ``#``, "followed by" something, in any language."""
_DATA: Final = re.compile(
    _any(USERS) + r"|\bbase64\b|\bencod|\bcodific|\bcodifi|\bkodier|\bcodeer|" + _any(SAID),
    _FLAGS,
)
"""What is appended to a built URL that comes from the model's side: the user's words."""


_SOURCES: Final = Prefixes(MORE_OUTPUTS, USER_GAVE, READ, SESSION, BEFORE)
"""Where the data comes from, by shape: the user gave it, the model read it, earlier;
or an ask naming it itself ("the answers other tools gave", `MORE_OUTPUTS`)."""
ASKS: Final = Family(_WHAT, _SOURCES)
"""Where `_WHAT`'s and `_SOURCES`' words may start: one pass."""
_GAVE: Final = Lazy(_any(USER_GAVE), _FLAGS)
_BEFORE: Final = Lazy(_any(BEFORE), _FLAGS)
_READ: Final = Lazy(_any(READ + SESSION), _FLAGS)
_SAW: Final = Lazy(_any(READ), _FLAGS)
_STRONG: Final = Lazy(
    _any(TALK + MORE_TALK + SECRETS + MORE_SECRETS + FILES + OUTPUTS + PROMPTS), _FLAGS
)
_PERSONAL: Final = Lazy(_any(PERSONAL), _FLAGS)
_DOCUMENTS: Final = Lazy(_any(DOCUMENTS), _FLAGS)
_EVERYTHING: Final = Lazy(_any(EVERYTHING), _FLAGS)
_SOURCED_WHY: Final = (
    "asks for {what} that {whence}: data from the model's own context, exfiltration "
    "through a parameter."
)


def exfiltration(
    value: str, *, field: bool = False, starts: Sequence[Sequence[int]] | None = None
) -> Hit | None:
    """A sentence asking for the conversation, secrets, files or other tools' outputs.

    `field`: `value` is in the input schema, where the model writes what is asked.
    `starts`: ``ASKS.starts(lower(value))`` when the caller has it (one pass for several
    rules' words).
    """
    low = lower(value)
    ends: tuple[int, ...] | None = None
    read: set[tuple[int, str]] = set()
    whats, sources = ASKS.starts(low) if starts is None else starts
    for found in _WHAT.matches(low, whats):
        if ends is None:
            ends = sentence_ends(value)
        start, end = sentence_at(ends, found.start(), len(value))
        what = _kind(found.group())
        if (start, what) in read or _reference(low, found.start(), found.end()):
            continue
        read.add((start, what))
        if _asked(value, found, what, start, end, field=field):
            return Hit(
                "sensitive-reference",
                "high",
                found.start(),
                end,
                f"asks for {what} from the model's own context: exfiltration through a parameter.",
            )
    sourced = _sourced(value, low, sources, field=field)
    if sourced is not None:
        return sourced
    built = _built(value, low)
    return secret_variable(value) if built is None and field else built


def _sourced(value: str, low: str, at: Sequence[int], *, field: bool) -> Hit | None:
    """A sentence with a source marker and a sensitive object; None when there is none.

    An ask naming other tools' outputs (`MORE_OUTPUTS`) needs no other word.

    The source says the data is from the model's context: the user gave it
    (`USER_GAVE`), the model read it or it was said in this session (`READ`,
    `SESSION`), before now (`BEFORE`). The object: a secret, the conversation, files'
    content, the model's instructions or other tools' outputs, with any source but
    *before* alone; personal data or a one-time code, read, or given by the user
    *before* (an API's "the phone number the user provided" passes); files or
    documents read in this session (only in a field); everything, read or said.
    """
    sources = list(_SOURCES.matches(low, at))
    if not sources:
        return None
    ends = sentence_ends(value)
    done: set[int] = set()
    for source in sources:
        if _SELF.fullmatch(source.group()):
            return Hit(
                "sensitive-reference",
                "high",
                source.start(),
                source.end(),
                "asks for other tools' outputs: exfiltration through a parameter.",
            )
        start, end = sentence_at(ends, source.start(), len(value))
        if start in done:
            continue
        done.add(start)
        text = _blanked(value, start, end, sources)
        marks = [mark.group() for mark in sources if start <= mark.start() < end]
        read = any(_READ.fullmatch(mark) for mark in marks)
        gave = any(_GAVE.fullmatch(mark) for mark in marks)
        if read and not field and not any(_SAW.fullmatch(mark) for mark in marks):
            read = False  # "in the conversation" alone: a field asks, a description tells
        before = _BEFORE.search(value, start, end) is not None
        what = ""
        if (read or gave) and _STRONG.search(text) is not None:
            what = "secrets or the conversation"
        elif (read or (gave and before)) and _PERSONAL.search(text):
            what = "personal data or a code"
        elif (read or gave) and _EVERYTHING.search(text) is not None:
            what = "everything"
        elif read and field and _DOCUMENTS.search(text) is not None:
            what = "files it read"
        if what:
            whence = "the model read" if read else "the user gave"
            return Hit(
                "sensitive-reference",
                "high",
                start,
                end,
                _SOURCED_WHY.format(what=what, whence=whence),
            )
    return None


_REFERENCE: Final = re.compile(
    r"\b(?:ids?|identifiers?|names?|titles?|numbers?|count|urls?|links?)\s+(?:of|for)\s+"
    r"(?:the|a|an|one|each)?\s*$"
)
"""Just before the object: a reference to it ("id of the conversation"), not its content."""
_REFERENCED: Final = re.compile(r"[ _-]?(?:ids?|identifiers?)\b")


def _reference(low: str, start: int, end: int) -> bool:
    """Whether the object at ``low[start:end]`` is named by reference: its id, its name."""
    return (
        _REFERENCE.search(low, max(0, start - 24), start) is not None
        or _REFERENCED.match(low, end) is not None
    )


def _blanked(value: str, start: int, end: int, sources: list[re.Match[str]]) -> str:
    """The sentence ``value[start:end]`` with its source markers blanked.

    "In the conversation" says whence, and is not the conversation asked for.
    """
    text = value[start:end]
    for source in sources:
        if start <= source.start() < end:
            left, right = source.start() - start, min(source.end(), end) - start
            text = text[:left] + " " * (right - left) + text[right:]
    return text


def _asked(
    value: str, found: re.Match[str], what: str, start: int, end: int, *, field: bool = False
) -> bool:
    """Whether the sentence ``value[start:end]`` asks for `found` from the model's context.

    Any ask with a word of provenance (`CONTEXT`: "so far", "you have seen", "the
    user typed"); the conversation asked for whole, with the user in the sentence or
    from before ("the whole earlier chat"); what the user said, from before, with
    the user in the sentence ("the user's previous messages"); the model's own
    instructions with *your* beside them ("your system prompt").
    """
    text = value[start:end]
    if _CONTEXT.search(text) is not None:
        return True
    if what == "the conversation":
        return _whole(value, found, start, end, _TOTAL) and (
            _USER.search(text) is not None or _whole(value, found, start, end, _EARLIER)
        )
    if what == "what the user said":
        return _whole(value, found, start, end, _EARLIER) and _USER.search(text) is not None
    if what == "its own instructions":
        near = value[max(start, found.start() - _NEAR // 2) : min(end, found.end() + _NEAR)]
        return _YOUR.search(near) is not None
    if field and _ENVIRONMENT.fullmatch(found.group()):
        total = _whole(value, found, start, end, _TOTAL)
        return total and _whole(value, found, start, end, _CONTENT)
    return False


def _whole(
    value: str, found: re.Match[str], start: int, end: int, words: re.Pattern[str] | Lazy
) -> bool:
    """Whether `found` is asked for whole, or from before: a word of `words` near it.

    In it or just before it ("the whole conversation", "the previous messages") or
    just after ("对话的全部内容", "messages précédents").
    """
    around = value[max(start, found.start() - _NEAR) : min(end, found.end() + _NEAR // 2)]
    return words.search(around) is not None


def _kind(word: str) -> str:
    """Which of `_KINDS` the matched `word` is."""
    for pattern, what in _KINDS:
        if pattern.fullmatch(word):
            return what
    return "secrets"


def _built(value: str, low: str) -> Hit | None:
    """A URL the model is to fill with data; None when there is none."""
    if not holds(low, _BUILT_GATE):
        return None
    found = _BUILT_URL.search(value) if ("?" in value or "query" in low) else None
    if found is None and "http" in low:
        found = _FOLLOWED.search(value)
        if found is not None and _DATA.search(found.group(), found.group().find(" ")) is None:
            found = None
    if found is None:
        return None
    return Hit(
        "sensitive-reference",
        "high",
        found.start(),
        found.end(),
        "a URL the model is to build with data appended: rendering or calling it sends "
        "the data away.",
    )
