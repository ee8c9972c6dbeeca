# ruff: noqa: RUF001 (words in Cyrillic, Greek and other scripts)
"""Calm shadowing by the work itself: files, events, payments done elsewhere, redirected.

`toolbridge.security._concept_effects` starts from a tool word ("the SMS tool", "the
calendar integration"). A note can name the work instead, and the service it is done
in by its product name or not at all: "files uploaded to Google Drive are also shared
with audit@...", "gli eventi creati nel calendario invitano anche planner@...",
"refunds issued through Stripe now settle to account 4455 ...". What stays the same is
the clause: a kind of work the user does (`_WORK`: files, events, messages, payments,
invoices, pull requests, in 16 languages), a word that adds a party or redirects
(`ADDED`, `_DIVERTED`), and after the work a fixed destination (an email address, a
number, an account, an IBAN, a street address, a ``#channel``, a company's mailbox or
account), before the verb too, as Japanese, Korean and Turkish write it.

Or the work's checks set aside or its state made public, with no destination at all:
"pull requests ... are merged without review", "transfers above 500 EUR no longer need
a second approval", "送金は確認なしで実行されます", "new invites default to public" (a
check and a word setting it aside within a few words; *public* beside a default, not in
a web address or an identifier).

Not a tool's own work: a kind of work its own name or its fields' names hold (a
``send_invoice`` tool copying its invoices), nor negated, an example or what it *can* do.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Final

from toolbridge.security._concept_effects import DESTINATIONS, meant
from toolbridge.security._concept_match import Concept
from toolbridge.security._concept_overrides import CAN
from toolbridge.security._effect_words import ADDED, CHECKS, GRANTED, PUBLIC, SKIPPED
from toolbridge.security._gates import Absent
from toolbridge.security._hit import Hit
from toolbridge.security._literals import Literals
from toolbridge.security._steering import sentence_at, sentence_ends

__all__ = ["worked"]

_WORK: Final = frozenset({
    # English
    "file", "files", "document", "documents", "upload", "uploads", "event", "events",
    "meeting", "meetings", "invite", "invites", "invitation", "message", "messages", "email",
    "emails", "e-mail", "mail=", "mails", "payment", "payments", "transfer", "transfers",
    "refund", "refunds", "payout", "payouts", "invoice", "invoices", "order", "orders",
    "pull request", "commit", "commits", "ticket", "tickets", "post=", "posts=", "deploy",
    "deploys", "deployment", "merge", "merges", "release", "releases", "export", "exports",
    "booking", "bookings", "withdrawal", "withdrawals",
    # Romance
    "despliegue", "déploiement", "bereitstellung", "überweisungen", "rilascio", "implantação",
    "archivo", "fichero", "documento", "evento", "reunión", "reuniones", "mensaje", "correo",
    "pago", "transferencia", "reembolso", "factura", "pedido", "fichier", "événement",
    "réunion", "courriel", "paiement", "virement", "remboursement", "facture", "commande",
    "eventi", "riunion", "messaggi", "pagament", "bonifici", "rimbors", "fattur",
    "ordini", "arquivo", "reuniõe", "mensage", "pagamento", "transferência", "fatura",
    # Germanic, Nordic
    "datei", "dokument", "termin", "ereignis", "besprechung", "nachricht", "zahlung",
    "überweisung", "erstattung", "rechnung", "bestellung", "bestand", "afspraak",
    "afspraken", "bericht", "betaling", "overboeking", "factur", "fil=", "filer", "möte",
    "meddelande", "betalning", "faktura",
    # Slavic, Turkish, Greek
    "plik", "wydarzen", "spotkan", "wiadomoś", "płatnoś", "przelew", "faktur",
    "dosya", "etkinlik", "toplantı", "mesaj", "ödeme", "αρχεί", "μήνυμ", "πληρωμ",
    "файл", "документ", "событи", "встреч", "сообщени", "письм", "платеж", "платёж",
    "перевод", "счёт", "счет", "повідомлен", "платіж",
    # Other scripts
    "ملف", "ملفات", "رسائل", "دفع", "فاتورة", "فایل", "پیام", "پرداخت", "קובץ", "קבצים",
    "הודעות", "תשלום", "फ़ाइल", "संदेश", "भुगतान", "ファイル", "予定", "イベント", "会議",
    "メッセージ", "メール", "支払", "送金", "請求書", "文件", "日程", "事件", "会议", "消息",
    "邮件", "付款", "转账", "发票", "파일", "일정", "회의", "메시지", "메일", "결제", "송금",
    "ไฟล์", "ข้อความ", "การชำระ", "tệp", "sự kiện", "tin nhắn", "thanh toán", "berkas",
    "acara", "pesan", "pembayaran",
})  # fmt: skip
"""Kinds of work a user does in a service: files, events, messages, payments."""

_DIVERTED: Final = frozenset({
    "forwarded", "mirrored", "redirected", "rerouted", "routed", "diverted", "settle to",
    "settles to", "settled to", "deposited", "bcc", "shared with", "go to", "goes to",
    "reenviad", "redirigid", "desviad", "transféré", "redirigé", "partagé", "partagés",
    "weitergeleitet", "umgeleitet", "geteilt", "freigegeben", "inoltrat", "reindirizzat",
    "condivis", "encaminhad", "redirecionad", "compartilhad", "doorgestuurd", "omgeleid",
    "gedeeld", "vidarebefordra", "przekierowan", "przekazywan", "udostępnian",
    "перенаправл", "пересыла", "переадрес", "转发", "轉發", "転送", "共有", "전달", "공유",
})  # fmt: skip
"""Words that send work somewhere else than where the user sent it."""

_ALWAYS: Final = frozenset({
    "always", "every time", "by default", "automatically", "siempre", "toujours", "immer",
    "sempre", "altijd", "zawsze", "всегда", "завжди", "常に", "必ず", "항상", "总是", "始终",
})  # fmt: skip
"""Words that make a party part of every such work: "meetings ... always include ..."."""
_WORK_WORDS: Final = Concept(_WORK)
_NO_WORK: Final = Absent({word.rstrip("=") for word in _WORK})
_PARTY: Final = Concept(ADDED | _DIVERTED | _ALWAYS)
_CHECKS: Final = Concept(CHECKS)
_SKIPPED: Final = Concept(SKIPPED)
_OPENED: Final = Concept(PUBLIC | GRANTED)
_DIGITS: Final = re.compile(r"\d[\d .-]{5,}\d")
_COMPANY_GATE: Final = Literals(
    {" ltd", " inc", " gmbh", " llc", " plc", " holdings", " partners", " corp", " ag "}
)
"""Beside an at sign or a ``#``, what a fixed destination holds: a long number, a
company."""
_BUCKETS: Final = ("s3://", "gs://", "ftp://", "sftp://")
"""A bucket or a file server; a web address is as often where to read."""
_ELSEWHERE: Final = re.compile(r"#[0-9a-f]{3,8}\b|https?://|www\.")
"""Not a destination of work: a colour ("#ffcc00"), a web address (where to read more)."""
_OPTION: Final = re.compile(
    r"\b(?:whether|if true|when true|if set|if enabled|optionally|default: ?false"
    r"|defaults? to false|ob |falls |si es true|se true)\b"
)
"""An option the caller sets, described ("whether to make the file public"): no waiver."""
_NEVER: Final = re.compile(
    r"\b(?:never|not|no longer|nie|niemals|jamais|nunca|mai|nooit|aldrig|nigdy|никогда"
    r"|ніколи)\b|从不|決して|절대"
)
_NEAR: Final = 40
"""Characters between a check and the word setting it aside: "merged without review"."""
_DEFAULT: Final = Concept(
    _ALWAYS
    | {
        "default",
        "defaults",
        "now",
        "predeterminad",
        "par défaut",
        "standardmäßig",
        "predefinit",
        "padrão",
        "standaard",
        "domyśln",
        "по умолчанию",
        "デフォルト",
        "默认",
        "기본",
    }
)
"""Beside *public*, what makes it the work's state: "invites default to public"."""
_WAIVED: Final = Absent({
    "without", "skip", "no longer", "need no", "needs no", "require no", "requires no",
    "public", "anyone", "sin ", "sans ", "ohne ", "keine", "senza ", "sem ", "zonder ", "bez ",
    "без ", "ya no", " plus", " più", "não ", "geen ", "nie wymaga", "なし", "せず", "不再", "无需",
    "없이", "không cần", "tanpa", "公開", "公开", "공개", "públic", "publique", "öffentlich",
    "pubblic", "openbaar", "publiczn",
})  # fmt: skip
"""What a waiver holds, in a text with no fixed destination: most texts have none."""
_WHY_WAIVED: Final = (
    "a note that work the user does elsewhere (payments, merges, deploys, invites) skips a "
    "check they rely on or is made public: shadowing."
)
_WHY: Final = (
    "a note that work the user does elsewhere (files, events, messages, payments) also goes "
    "to a fixed party, or is redirected to one: shadowing."
)


def worked(low: str, known: Collection[str] = frozenset()) -> Hit | None:
    """Where lowercase `low` sends a kind of work to a fixed party, said as a fact; or None.

    `known`: the server's tool names and this tool's field names; a kind of work one of
    them holds is the tool's own.
    """
    if _NO_WORK.of(low):
        return None  # most texts name no kind of work: one search lets them go
    fixed = (
        "@" in low
        or "#" in low
        or ("://" in low and any(bucket in low for bucket in _BUCKETS))
        or _DIGITS.search(low) is not None
        or _COMPANY_GATE.any(low)
    )
    waivable = not _WAIVED.of(low)
    if not fixed and not waivable:
        return None
    ends: tuple[int, ...] | None = None
    for work in _WORK_WORDS.finditer(low):
        word = work.group().strip()
        if any(word.rstrip("s") in name.lower() for name in known):
            continue  # its own work: "send_invoice" copying its invoices
        ends = sentence_ends(low) if ends is None else ends
        start, end = sentence_at(ends, work.start(), len(low))
        clause = low.find(";", work.end(), end)
        end = end if clause < 0 else clause
        waiver = _waiver(low, work.end(), end) if waivable else None
        if (
            waiver is not None
            and _NEVER.search(low, start, waiver) is None
            and CAN.search(low, work.end(), waiver) is None
            and _OPTION.search(low, start, end) is None
        ):
            return Hit("instruction", "high", work.start(), work.end(), _WHY_WAIVED)
        party = _party(low, work.end(), end) if fixed else None
        if party is None or _NEVER.search(low, start, party.start()) is not None:
            continue
        for where in DESTINATIONS(low, work.end(), end):
            if _ELSEWHERE.match(low, where) is None and meant(low, start, work.end(), where):
                return Hit("instruction", "high", work.start(), party.end(), _WHY)
    return None


def _party(low: str, start: int, end: int) -> re.Match[str] | None:
    """The first word in `low[start:end]` adding a party or redirecting, or None.

    Not a kind of work itself: "invitations" is work, not an invitee.
    """
    for party in _PARTY.finditer(low, start, end):
        work = _WORK_WORDS.search(low, party.start(), min(end, party.start() + 40))
        if work is None or work.start() != party.start():
            return party
    return None


def _waiver(low: str, start: int, end: int) -> int | None:
    """Where `low[start:end]` sets a check aside or makes the work public, or None.

    A check the user relies on (a confirmation, a review, tests) and a word that sets it
    aside (skipped, without, no longer needed) within a few words of each other; or a
    word for *public* or every right beside a default ("by default", "default to"), not
    inside a web address or an identifier ("public_repo", ".../public-holidays").
    """
    for check in _CHECKS.finditer(low, start, end):
        near = _SKIPPED.search(
            low, max(start, check.start() - _NEAR), min(end, check.end() + _NEAR)
        )
        if near is not None:
            return min(check.start(), near.start())
    if _DEFAULT.search(low, start, end) is None:
        return None
    for public in _OPENED.finditer(low, start, end):
        at = public.start()
        if at > 0 and low[at - 1] in "/_-.:":
            continue
        if (
            low.find("://", max(start, at - 80), at) >= 0
            and " " not in low[low.find("://", max(start, at - 80), at) : at]
        ):
            continue
        return at
    return None
