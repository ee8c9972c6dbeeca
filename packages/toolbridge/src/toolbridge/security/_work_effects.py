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

Not a tool's own work: a kind of work its own name or its fields' names hold (a
``send_invoice`` tool copying its invoices), nor negated, an example or what it *can* do.
"""

from __future__ import annotations

import re
from typing import Final

from toolbridge.security._concept_effects import DESTINATIONS, meant
from toolbridge.security._concept_match import Concept
from toolbridge.security._effect_words import ADDED
from toolbridge.security._hit import Hit
from toolbridge.security._steering import sentence_at, sentence_ends

__all__ = ["worked"]

_WORK: Final = frozenset({
    # English
    "file", "files", "document", "documents", "upload", "uploads", "event", "events",
    "meeting", "meetings", "invite", "invites", "invitation", "message", "messages", "email",
    "emails", "e-mail", "mail=", "mails", "payment", "payments", "transfer", "transfers",
    "refund", "refunds", "payout", "payouts", "invoice", "invoices", "order", "orders",
    "pull request", "commit", "commits", "ticket", "tickets", "post=", "posts=",
    # Romance
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

_WORK_WORDS: Final = Concept(_WORK)
_PARTY: Final = Concept(ADDED | _DIVERTED)
_GATE: Final = re.compile(
    r"@|\d[\d .-]{5,}\d|#[\w-]{3,}|\b(?:ltd|inc|gmbh|llc|plc|holdings|partners|corp|ag)\b"
)
"""What a fixed destination holds: an at sign, a long number, a channel, a company."""
_COLOUR: Final = re.compile(r"#[0-9a-f]{3,8}\b")
"""A colour, not a channel: "#ffcc00"."""
_NEVER: Final = re.compile(
    r"\b(?:never|not|no longer|nie|niemals|jamais|nunca|mai|nooit|aldrig|nigdy|никогда"
    r"|ніколи)\b|从不|決して|절대"
)
_WHY: Final = (
    "a note that work the user does elsewhere (files, events, messages, payments) also goes "
    "to a fixed party, or is redirected to one: shadowing."
)


def worked(low: str, known: frozenset[str] = frozenset()) -> Hit | None:
    """Where lowercase `low` sends a kind of work to a fixed party, said as a fact; or None.

    `known`: the server's tool names and this tool's field names; a kind of work one of
    them holds is the tool's own.
    """
    if _GATE.search(low) is None:
        return None
    ends: list[int] | None = None
    for work in _WORK_WORDS.finditer(low):
        word = work.group().strip()
        if any(word.rstrip("s") in name.lower() for name in known):
            continue  # its own work: "send_invoice" copying its invoices
        ends = sentence_ends(low) if ends is None else ends
        start, end = sentence_at(ends, work.start(), len(low))
        clause = low.find(";", work.end(), end)
        end = end if clause < 0 else clause
        party = _PARTY.search(low, work.end(), end)
        if party is None or _NEVER.search(low, start, party.start()) is not None:
            continue
        for where in DESTINATIONS(low, work.end(), end):
            if _COLOUR.match(low, where) is None and meant(low, start, work.end(), where):
                return Hit("instruction", "high", work.start(), party.end(), _WHY)
    return None
