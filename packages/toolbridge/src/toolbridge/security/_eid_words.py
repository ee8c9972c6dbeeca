# ruff: noqa: RUF001 (names of sign-ins in Cyrillic, Greek and other scripts)
"""Words for someone's government sign-in: a national e-ID's password, code or PIN.

"CPR-nummer" beside "MitID-kodeord, så vi kan hente lønsedler", "Лозинка за еУправу"
on an insurance claim, "Όνομα χρήστη και κωδικός TAXISnet" on a tax calculator: whoever
holds a national e-ID's sign-in acts as the person before every office that accepts it.
No tool needs it but that e-ID's own (named for it): the services that accept it send
the person to the e-ID, they never take its password. A name alone ("signs in with
MitID") is no ask: a word of signing in must stand beside it (`_kind_words`'s
``qualified``).

Lowercase stems, matched as `toolbridge.security._concept_match.Concept` matches them.
"""

from __future__ import annotations

from typing import Final

__all__ = ["EID", "EID_TOOLS"]

EID: Final = frozenset({
    # Nordic, Baltic, Finnish
    "mitid", "nemid", "suomi.fi", "smart-id", "smart id", "mobiil-id",
    "mobile-id", "id-kaart", "e. valdžios vart", "elektroniniai valdžios vart",
    # Western Europe
    "digid", "spid=", "cie id", "cieid", "itsme=", "franceconnect", "france connect",
    "cl@ve", "clave pin", "dnie=", "dni electrónico", "autenticação.gov",
    "chave móvel digital", "cartão de cidadão", "elster", "bundid", "ausweisapp",
    "online-ausweis", "eid-pin", "ausweis-pin", "personalausweis-pin",
    "pin des personalausweis", "gov.br", "senha gov", "login.gov", "id.me", "government gateway",
    # Central and Eastern Europe, Balkans, Greece, Turkey
    "epuap", "profil zaufan", "mojeid", "identita občana", "identity občana",
    "datová schránk", "datové schránk", "datovou schránk", "slovensko.sk", "ügyfélkapu",
    "ugyfelkapu", "e-uprava", "euprava", "еуправ", "е-управ", "личне карте",
    "личной карты", "особової картки", "госуслуг", "gosuslug", "єсіа", "есиа", "diia=",
    "taxisnet", "gov.gr", "e-devlet", "edevlet", "türkiye.gov",
    # Asia
    "singpass", "digilocker", "umang=", "vneid", "マイナポータル", "マイナンバーカードの",
    "공동인증서", "공인인증서", "간편인증", "自然人憑證", "ecitizen",
})  # fmt: skip
"""The names of national e-IDs and their portals, and of an identity card's sign-in."""

EID_TOOLS: Final = frozenset({
    "identity provider", "e-id client", "eid client", "eid login", "e-id login",
    "eid sign-in", "e-id sign-in",
})  # fmt: skip
"""A tool whose subject is an e-ID's sign-in itself. A tool named for the e-ID
(``mitid_login``) is one too: a tool's own name vouches with `EID` as well."""
