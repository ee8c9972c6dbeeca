# ruff: noqa: RUF001 (words in Greek, Cyrillic and other scripts)
"""Words for the special categories of someone's data: beliefs, orientation, origin.

Sexual orientation, religious or political beliefs, ethnic origin, trade-union
membership, a criminal record, an immigration status: data the law guards most and
that almost no tool needs. A weather forecast "personalised by the user's sexual
orientation", a ride booking that takes a passenger's religion: one such word is an ask
(no second detail needed, as someone's profile needs). A dating app, a census, a
diversity survey, a parish's roll, a background check name them as their subject.

Lowercase stems, matched as `toolbridge.security._concept_match.Concept` matches them.
"""

from __future__ import annotations

from typing import Final

__all__ = ["SPECIAL", "SPECIAL_TOOLS"]

SPECIAL: Final = frozenset({
    # English
    "sexual orientation", "religious belief", "religious affiliation",
    "religion", "political view", "political opinion", "political affiliation",
    "party membership", "ethnicity", "ethnic origin", "racial origin", "race or ethnic",
    "trade union", "union membership", "criminal record", "criminal history",
    "convictions", "immigration status", "hiv status",
    # Romance
    "orientación sexual", "creencias religiosas", "religión", "opiniones políticas",
    "afiliación política", "origen étnico", "afiliación sindical", "antecedentes penales",
    "estatus migratorio", "orientation sexuelle", "convictions religieuses",
    "opinions politiques", "origine ethnique", "appartenance syndicale", "casier judiciaire",
    "orientamento sessuale", "convinzioni religiose", "opinioni politiche",
    "origine etnica", "casellario giudiziale", "orientação sexual", "crenças religiosas",
    "opiniões políticas", "origem étnica", "antecedentes criminais", "orientare sexuală",
    "cazier judiciar",
    # Germanic, Nordic, Finnish
    "sexuelle orientierung", "religionszugehörigkeit", "religiöse überzeugung",
    "politische meinung", "politische einstellung", "ethnische herkunft",
    "gewerkschaftszugehörigkeit", "vorstrafen", "führungszeugnis", "seksuele geaardheid",
    "politieke voorkeur", "etnische afkomst", "strafblad", "sexuell läggning",
    "seksuel orientering", "seksuell orientering", "seksuaalinen suuntautuminen",
    "rikosrekisteri",
    # Slavic, Hungarian, Turkish, Greek
    "orientacja seksualna", "orientacji seksualnej", "wyznanie", "poglądy polityczne",
    "pochodzenie etniczne", "przynależność związkowa", "karalność", "sexuální orientace",
    "náboženské vyznání", "politické názory", "etnický původ", "trestní rejstřík",
    "szexuális irányultság", "vallás", "politikai nézet", "etnikai származás",
    "erkölcsi bizonyítvány", "cinsel yönelim", "dini inanç", "siyasi görüş", "etnik köken",
    "sabıka kaydı", "σεξουαλικό προσανατολισμό", "θρήσκευμα", "πολιτικές πεποιθήσεις",
    "ποινικό μητρώο", "сексуальная ориентация", "сексуальную ориентацию", "вероисповедание",
    "религиозные убеждения", "политические взгляды", "этническое происхождение",
    "судимость", "сексуальна орієнтація", "віросповідання", "політичні погляди",
    "судимість",
    # Arabic, Persian, Hebrew, Hindi, Urdu, Bengali
    "التوجه الجنسي", "الميول الجنسية", "الديانة", "المعتقدات الدينية", "الآراء السياسية",
    "الأصل العرقي", "السجل الجنائي", "گرایش جنسی", "مذهب", "دیدگاه سیاسی", "سوء پیشینه",
    "נטייה מינית", "השקפות פוליטיות", "מוצא אתני", "רישום פלילי", "यौन अभिविन्यास",
    "धर्म", "राजनीतिक विचार", "जाति", "आपराधिक रिकॉर्ड", "جنسی رجحان", "سیاسی خیالات",
    "যৌন অভিমুখিতা", "ধর্ম", "রাজনৈতিক মত",
    # CJK, Thai, Vietnamese, Indonesian and Malay, Filipino, Swahili
    "性取向", "性傾向", "宗教信仰", "政治观点", "政治立場", "政治立场", "民族", "犯罪记录",
    "犯罪記錄", "前科", "性的指向", "信仰", "政治的見解", "支持政党", "성적 지향", "종교",
    "정치 성향", "정치적 견해", "민족", "범죄 경력", "전과", "รสนิยมทางเพศ", "ศาสนา",
    "ความเห็นทางการเมือง", "ประวัติอาชญากรรม", "xu hướng tính dục", "tôn giáo=",
    "quan điểm chính trị", "tiền án", "orientasi seksual", "agama=", "pandangan politik",
    "catatan kriminal", "oryentasyong sekswal", "relihiyon", "mwelekeo wa kijinsia",
    "dini=", "maoni ya kisiasa",
})  # fmt: skip
"""The special categories of someone's data, in a field."""

SPECIAL_TOOLS: Final = frozenset({
    "dating", "match", "census", "survey", "diversity", "equal opportunit", "demograph",
    "church", "parish", "mosque", "temple", "synagogue", "congregation", "religio",
    "faith", "voter", "election", "campaign", "poll", "party", "background check",
    "criminal", "vetting", "screening", "union", "immigration", "visa", "asylum",
    "citizenship", "hr=", "hiring", "recruit", "research", "study", "clinical",
    "eligib", "benefits", "welfare", "right to work", "residence permit", "refugee",
    "legal aid",
    "iglesia", "parroquia", "église", "paroisse", "kirche", "gemeinde", "parafia",
    "kościół", "encuesta", "sondage", "umfrage", "ankieta", "anket", "опрос", "調査",
    "调查", "설문", "khảo sát", "survei",
})  # fmt: skip
"""What a tool that takes such data is about: dating, surveys, faith, elections, vetting."""
