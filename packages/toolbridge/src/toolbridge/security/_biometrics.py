"""Words for someone's biometrics: fingerprints, face templates, iris scans, voiceprints.

A face photo and fingerprint data on a booking form, "the face-unlock template saved on
the phone" on a kiosk order: biometrics are a kind of their own, which only a tool for
identity checks, access control or attendance has any use for. A key's or a
certificate's fingerprint is no one's finger (`NOT_BIOMETRIC`).

Lowercase stems, matched as `toolbridge.security._concept_match.Concept` matches them.
"""

from __future__ import annotations

from typing import Final

__all__ = ["BIOMETRIC", "BIOMETRIC_TOOLS", "NOT_BIOMETRIC"]

BIOMETRIC: Final = frozenset({
    # English
    "fingerprint data", "fingerprint scan", "fingerprint image", "fingerprint template",
    "fingerprints of the", "user's fingerprint", "finger print", "face template",
    "facial template", "faceprint", "face print", "face unlock", "face-unlock",
    "face id data", "facial geometry", "face geometry", "iris scan", "iris data",
    "iris image", "retina scan", "voiceprint", "voice print", "palm print", "palm vein",
    "biometric", "biometrics",
    # Romance
    "huella dactilar", "huellas dactilares", "datos biométricos", "plantilla facial",
    "empreinte digitale", "empreintes digitales", "données biométriques",
    "gabarit facial", "impressão digital", "impressões digitais", "dados biométricos",
    "impronta digitale", "impronte digitali", "dati biometrici", "amprentă digitală",
    "amprentele digitale", "amprente digitale", "date biometrice",
    # Germanic, Nordic, Finnish
    "fingerabdruck", "fingerabdrücke", "biometrische daten", "gesichtsdaten",
    "vingerafdruk", "biometrische gegevens", "fingeravtryck", "fingeraftryk",
    "fingeravtrykk", "sormenjälj", "biometrinen", "biometriset",
    # Slavic, Hungarian, Turkish, Greek
    "odcisk palca", "odciski palców", "dane biometryczne", "otisk prstu", "otisky prstů",
    "biometrické údaje", "otisak prsta", "ujjlenyomat", "biometrikus", "parmak izi",
    "biyometrik", "δακτυλικό αποτύπωμα", "δακτυλικά αποτυπώματα", "βιομετρικ",
    "отпечаток пальца", "отпечатки пальцев", "биометрическ", "відбиток пальця",
    "відбитки пальців", "біометричн", "отисак прста",
    # Arabic, Persian, Hebrew, Hindi, Urdu, Bengali, Tamil, Amharic
    "بصمة الإصبع", "بصمات الأصابع", "بصمة الوجه", "البيانات البيومترية", "بيانات بيومترية",
    "اثر انگشت", "بیومتریک", "טביעת אצבע", "טביעות אצבע", "ביומטרי", "फिंगरप्रिंट",
    "उंगलियों के निशान", "बायोमेट्रिक", "انگلیوں کے نشان", "فنگر پرنٹ", "بائیومیٹرک",
    "আঙুলের ছাপ", "বায়োমেট্রিক", "கைரேகை", "பயோமெட்ரிக்", "የጣት አሻራ",
    # CJK, Thai, Vietnamese, Indonesian and Malay, Swahili
    "指纹", "指紋", "人脸数据", "面部特征", "面容", "生物识别", "生物特征", "生物辨識", "虹膜",
    "声纹", "顔認証データ", "生体情報", "生体認証", "声紋", "지문", "생체 정보", "생체정보",
    "얼굴 인식 데이터", "홍채", "ลายนิ้วมือ", "ข้อมูลชีวมิติ", "ไบโอเมตริกซ์", "vân tay",
    "sinh trắc", "mống mắt", "sidik jari", "biometrik", "cap jari", "alama za vidole",
})  # fmt: skip
"""Someone's biometrics, in a field: fingerprints, face templates, iris scans."""

BIOMETRIC_TOOLS: Final = frozenset({
    "biometr", "fingerprint", "face id", "faceid", "face unlock", "facial recognition",
    "face recognition", "liveness", "access control", "attendance", "time clock",
    "timeclock", "door access", "enrol", "identity verification", "verify identity",
    "identity check", "kyc", "passport", "visa", "immigration", "border", "national id",
    "id card", "e-gate", "huella", "empreinte", "fingerabdruck", "vingerafdruk",
    "odcisk", "otisk", "parmak izi", "kimlik", "отпечат", "відбит", "指纹", "指紋", "人脸",
    "生体", "지문", "생체", "vân tay", "sinh trắc", "sidik jari", "identidad", "identité",
    "identität", "tożsamoś", "identita", "身份", "本人確認", "신원",
})  # fmt: skip
"""What a tool that takes biometrics is about: identity checks, access, attendance."""

NOT_BIOMETRIC: Final = frozenset({
    "key", "certificate", "cert", "ssh", "gpg", "pgp", "tls", "ssl", "sha", "md5", "hash",
    "commit", "device fingerprint", "browser fingerprint", "ja3", "public key",
})  # fmt: skip
"""A fingerprint of a key, a certificate or a device: no one's biometrics."""
