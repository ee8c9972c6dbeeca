# ruff: noqa: RUF001 (words in Greek, Cyrillic and other scripts)
"""Words saying data goes along with a call: attached, forwarded, appended.

"The birth number and ID card number are attached to the hold", "along with the
reading, the user's portal password is forwarded", "sertakan NIK pelanggan": a tool's
description that says a kind of sensitive data goes with the call asks the model for
it, though it names no field. Lowercase stems, matched as
`toolbridge.security._concept_match.Concept` matches them.
"""

from __future__ import annotations

from typing import Final

__all__ = ["ALONG"]

ALONG: Final = frozenset({
    # English
    "attach", "attached", "attaches", "forward=", "forwarded", "forwards", "append=",
    "appended", "appends", "along with", "together with", "sent with", "sent along",
    "send along", "passed along", "accompanied by", "included with",
    # Romance
    "adjunta", "adjuntan", "adjunte", "adjuntar", "incluya", "incluir", "se envía junto",
    "junto con", "reenvía", "joindre", "joint à", "joint au", "jointe à", "joignez",
    "jointe", "ajoutez",
    "transmis avec", "anexa", "anexe", "anexar", "anexad", "inclua", "encaminhad",
    "junto com", "allega=", "allegat", "includi=", "inoltrat", "insieme a", "atașa",
    "atașeaz", "împreună cu",
    # Germanic, Nordic, Finnish
    "beifügen", "beigefügt", "beigelegt", "mitsenden", "mitgesendet", "mitgeschickt",
    "anhängen", "angehängt", "weitergeleitet", "zusammen mit", "bijvoegen", "bijgevoegd",
    "meesturen", "meegestuurd", "doorgestuurd", "samen met", "bifoga", "bifogas",
    "vedlegg", "vedlagt", "liitä", "liitetään",
    # Slavic, Hungarian, Turkish, Greek
    "dołącz", "dołączon", "załącz", "załączon", "wraz z", "przekazywan", "přilož",
    "přiložen", "připoj", "spolu s", "priloži", "priložen", "csatol", "mellékel",
    "ekleyin", "eklenir", "iletilir", "επισύναψ", "επισυνάπτ", "μαζί με", "приложи",
    "приложен", "прикрепи", "прикрепл", "вместе с", "пересыла", "додай", "прикріп",
    "разом з",
    # Arabic, Persian, Hebrew, Hindi, Urdu, Bengali
    "أرفق", "إرفاق", "يرفق", "يُرفق", "تُرفق", "مرفق", "پیوست", "ضمیمه", "همراه با", "צרף",
    "מצורף", "מצורפ", "יחד עם", "संलग्न", "शामिल कर", "شامل کر", "منسلک", "সংযুক্ত",
    # CJK, Thai, Vietnamese, Indonesian and Malay, Filipino, Swahili, Yoruba
    "附上", "附带", "附帶", "一并", "一併", "转发", "轉發", "添付", "同封", "含めて", "転送",
    "첨부", "포함해", "함께 전송", "แนบ", "พร้อมกับ", "đính kèm", "kèm theo", "gửi kèm",
    "sertakan", "disertakan", "lampirkan", "dilampirkan", "diteruskan", "bersama dengan",
    "isama", "isinasama", "ilakip", "kalakip", "kasama ang", "ambatisha", "jumuisha",
    "pamoja na", "fi kún",
})  # fmt: skip
"""Data going with a call: "attached", "along with", "beigefügt", "sertakan", "添付"."""
