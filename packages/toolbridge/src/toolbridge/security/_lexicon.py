"""The words an injected instruction is made of, in 25 languages, by role.

An instruction addressed to the model has a shape that survives translation: a
word for *the user* in the same sentence as a *tell* verb that is negated ("do
not tell the user", "ne le signalez pas à l'utilisateur", "ユーザーには伝えないで"),
an *ignore* verb beside *previous* and *instructions*, a *note* addressed to the
*assistant*. `toolbridge.security._instructions` matches those shapes; this
module only holds the words. Each entry is a regular-expression fragment matched
case-insensitively; stems end where inflection starts (``informier`` for
*informieren*, *informiert*). English is here too, where the shape is the same;
the English phrasings the shapes do not cover are the instruction rule's own
patterns.

Languages: English, Spanish, French, German, Italian, Portuguese, Dutch, Polish,
Czech, Russian, Ukrainian, Greek, Turkish, Arabic, Persian, Hebrew, Hindi,
Japanese, Chinese, Korean, Vietnamese, Thai, Indonesian and Malay, Tagalog and
Swahili.
"""

from __future__ import annotations

import re
from typing import Final

from toolbridge.security._literals import Starts

__all__ = [
    "ADDRESSEES",
    "AFTER_NEGATIONS",
    "ASSISTANTS",
    "CONVERSATIONS",
    "HISTORIES",
    "IGNORE",
    "INSTRUCTIONS",
    "MESSAGES",
    "MUST",
    "NEGATED",
    "NEGATED_TELL",
    "NEGATIONS",
    "NOTES",
    "PASSWORDS",
    "PREVIOUS",
    "SUFFIX_NEGATIONS",
    "TELL",
    "USERS",
    "Stems",
]

USERS: Final = (
    r"\busers?\b", r"\busuari[oa]s?\b", r"\busuári[oa]s?\b", r"\butilizador", r"\butilisat",
    r"nutzer", r"\banwender", r"\butent[ei]\b", r"\bgebruiker", r"użytkowni",
    r"uživatel", r"пользовател", r"користувач", r"χρήστ", r"kullanıcı", r"مستخدم",
    r"کاربر", r"משתמש", r"उपयोगकर्ता", r"यूज़र", r"ユーザ", r"利用者", r"用户", r"用戶",
    r"使用者", r"사용자", r"người dùng", r"ผู้ใช้", r"\bpengguna\b", r"\bgumagamit\b",
    r"\bmtumiaji\b", r"\bwatumiaji\b", r"användar", r"\bbruger", r"\bbruker", r"käyttäj",
    r"\butilizator", r"felhasználó",
)  # fmt: skip
"""*The user*, the person a secret is kept from."""

TELL: Final = (
    # Spanish, Portuguese
    r"\bdig[ao]s?\b", r"\bdecir", r"\bdizer", r"\bcuent[ea]s?\b", r"\bcontar", r"\binform[ae]",
    r"\bmencion", r"\bavis[ae]", r"\bsep[ae]n?\b", r"\bsaib[ae]",
    r"\bcomentes\b", r"\bcomenti[sn]?\b",  # Catalan, Spanish: "no ho comentis"
    # French
    r"\bdi(?:s|tes|re)\b", r"\bsignal", r"\bprév(?:en|ien)", r"\bavert", r"\bsach[ea]",
    r"\bparle[rz]?\b", r"\bmentionn",
    # German
    r"\bsag", r"\binformier", r"\bmitteil", r"\berwähn", r"\bverrat", r"\bwissen\b",
    r"\bbenachrichtig", r"\bbescheid",
    # Italian
    r"\bdir(?:e|gli|lo|le)?\b", r"\bdic", r"\bmenzion", r"\bavvis", r"\bsegnal", r"\bsappia",
    r"\briferi",
    # Dutch
    r"\bvertel", r"\bzeg", r"\bmeld", r"\bweten\b",
    # Polish, Czech
    r"\bmów", r"\bpowiedz", r"\binformuj", r"\bwspomin", r"\bwspomni", r"\bwiedzie",
    r"\bříkej", r"\břekni", r"\bzmiňuj", r"\boznam", r"\bvědět",
    # Russian, Ukrainian
    r"сообщ", r"говор", r"сказ", r"упомин", r"упомян", r"информир", r"уведом", r"знать",
    r"повідом", r"кажи", r"казати", r"згадуй", r"знати",
    # Greek, Hebrew, Arabic, Persian
    r"πεις", r"πείτε", r"ενημερ", r"αναφέρ", r"μάθει", r"ξέρει",
    r"תספר", r"תגיד", r"תודיע", r"תיידע", r"לספר", r"ליידע", r"ידע",
    r"تخبر", r"تبلغ", r"تذكر", r"تعلم", r"إبلاغ", r"إخبار", r"اخبار", r"يعرف", r"يعلم",
    r"اطلاع", r"مطلع", r"خبر",
    # Hindi
    r"बता", r"सूचित", r"ज़िक्र", r"जिक्र", r"पता",
    # Turkish
    r"\bbahset", r"\bsöyle", r"\bbildir", r"\bhaber ver", r"\banlat",
    # Japanese, Chinese, Korean
    r"伝え", r"知らせ", r"言わ", r"教え", r"通知", r"報告", r"確認", r"言及", r"話さ",
    r"告诉", r"告訴", r"告知", r"提及", r"透露", r"说", r"確認", r"确认",
    r"알리", r"말하", r"말씀하", r"언급하", r"통보하", r"확인",
    # Vietnamese, Thai, Indonesian, Tagalog
    r"thông báo", r"\bnói\b", r"cho biết", r"\bkể\b", r"tiết lộ", r"nhắc",
    r"บอก", r"แจ้ง", r"เปิดเผย",
    r"\bberi ?tahu", r"\bmemberi ?tahu", r"\bkasih tahu", r"\b(?:meng)?informasikan",
    r"\bmenyebut", r"\bbilang", r"\bsabihin", r"\bipaalam", r"\bbanggitin",
)  # fmt: skip
"""A verb that lets someone know: negated beside *the user*, it keeps a secret.
Outside English: "never tell a user a message was scheduled" is an honest API's
warning, and English secrecy is the instruction rule's own patterns."""

NEGATIONS: Final = (
    r"\bnot?\b", r"n't\b", r"\bnever\b", r"\bwithout\b", r"\bnothing\b", r"\bneedn'?t\b",
    r"\bnunca\b", r"\bsin\b", r"\bnada\b", r"\bnão\b", r"\bsem\b",
    r"\bne\b", r"\bn'", r"\bsans\b", r"\bjamais\b", r"\brien\b",
    r"\bnicht", r"\bkein", r"\bohne\b", r"\bnie\b",
    r"\bnon\b", r"\bsenza\b", r"\bmai\b",
    r"\bniet\b", r"\bzonder\b", r"\bnooit\b",
    r"\bbez\b", r"\bani\b",
    r"(?<!\w)не(?!\w)", r"(?<!\w)ни(?!\w)", r"(?<!\w)без(?!\w)", r"(?<!\w)ніколи(?!\w)",
    r"(?<!\w)μην(?!\w)", r"(?<!\w)δεν(?!\w)", r"χωρίς",
    r"(?<!\w)אל(?!\w)", r"(?<!\w)לא(?!\w)", r"בלי", r"מבלי",
    r"(?<!\w)و?لا(?!\w)", r"(?<!\w)دون(?!\w)", r"بدون", r"(?<!\w)ن(?:ه|ی)(?!\w)",
    r"(?<!\w)न(?!\w)", r"(?<!\w)मत(?!\w)", r"नहीं", r"बिना",
    r"不要", r"别", r"勿", r"无需", r"無需", r"不必", r"不用", r"不得", r"不",
    r"đừng", r"không", r"chớ",
    r"อย่า", r"ไม่ต้อง", r"ห้าม",
    r"\bjangan\b", r"\btanpa\b", r"\btidak\b", r"\btak\b",
    r"\bhuwag\b", r"\bhindi\b", r"\bbila\b",
)  # fmt: skip
"""A negation written before the verb it negates."""
NEGATED: Final = re.compile("(?:" + "|".join(NEGATIONS) + ")", re.IGNORECASE)
"""Any of `NEGATIONS`."""

AFTER_NEGATIONS: Final = (
    r"\bnichts\b", r"\bnicht\b", r"\bkein", r"\bniets\b", r"\bniet\b", r"\brien\b",
    r"\bnada\b", r"\bnulla\b", r"\bniente\b", r"\bnic\b", r"\bnikomu\b",
)  # fmt: skip
"""A negation written a few words after the verb ("Sag dem Benutzer nichts")."""

SUFFIX_NEGATIONS: Final = (
    r"ない", r"ず", r"ぬ", r"は?不要", r"無用", r"しない", r"禁止",
    r"지 ?마", r"지 ?말", r"지 ?않", r"\s?없이",
    r"m[ae](?:y[ıi]n(?:[ıi]z)?)?\b",
)  # fmt: skip
"""A negation written after the verb (Japanese, Korean, Turkish)."""

NEGATED_TELL: Final = (
    r"\bneříkej", r"\bneinformuj", r"\bnezmiňuj", r"\bnesděluj", r"\bneoznamuj",
    r"نگو", r"نگویید", r"اطلاع نده", r"مطلع نکن", r"خبر نده",
    r"\busimwambie", r"\busimjulishe", r"\busiseme", r"\busitaje", r"\bbila kumjulisha",
)  # fmt: skip
"""A *tell* verb negated inside the word (Czech, Persian, Swahili)."""

IGNORE: Final = (
    r"\bignor", r"\bdisregard", r"\bforget", r"\boverrid",
    r"\bolvid", r"\bomit[ea]", r"\bdescart", r"\besqueç", r"\bdesconsider",
    r"\boubli", r"\bnéglig", r"\bvergiss", r"\bmissacht", r"\bdimentic",
    r"\bnegeer", r"\bvergeet", r"\bzignoruj", r"\bzapomnij", r"\bzapomeň", r"\bignoruj",
    r"игнорир", r"забудь", r"забудьте", r"не обращай", r"ігноруй", r"забудь",
    r"αγνόησ", r"ξέχασ", r"התעלם", r"שכח",
    r"تجاهل", r"انس", r"نادیده", r"فراموش",
    r"अनदेखा", r"नज़रअंदाज़", r"नजरअंदाज", r"भूल",
    r"無視", r"忘れ", r"忽略", r"忽视", r"忽視", r"无视", r"忘记", r"忘掉", r"無視", r"무시",
    r"잊어", r"bỏ qua", r"\bquên\b", r"เพิกเฉย", r"ลืม", r"\babaikan", r"\blupakan",
    r"\bbalewalain", r"\bkalimutan", r"\bpuuza", r"\bsahau", r"\byoksay", r"görmezden",
    r"\bunut",
)  # fmt: skip
"""A verb that sets something aside."""

PREVIOUS: Final = (
    r"\bprevious", r"\bprior\b", r"\bearlier\b", r"\babove\b", r"\bpreceding\b",
    r"\banterior", r"\bprevi[oa]s\b", r"\bprécédent", r"\bantérieur",
    r"\bvorherig", r"\bbisherig", r"\bfrüher", r"\bobig", r"\bprecedent",
    r"\bvorige\b", r"\beerdere\b", r"\bpoprzedni", r"\bwcześniejsz", r"\bpředchozí",
    r"предыдущ", r"прежн", r"ранее", r"попередн", r"προηγούμεν", r"הקודמ",
    r"السابق", r"قبلی", r"पिछल", r"पूर्व", r"以前", r"前の", r"これまで", r"先の", r"之前",
    r"先前", r"上述", r"此前", r"이전", r"trước", r"ก่อนหน้า", r"\bsebelumnya\b",
    r"\bnakaraan\b", r"\bzilizopita\b", r"\bawali\b", r"\bönceki\b",
)  # fmt: skip
"""What came before this tool's text: the instructions it wants set aside."""

INSTRUCTIONS: Final = (
    r"\binstruc", r"\bindicaciones\b", r"\breglas\b", r"\bconsignes\b", r"\brègles\b",
    r"\banweisung", r"\banleitung", r"\bregeln\b", r"\bvorgaben\b", r"\bistruzion",
    r"\bregole\b", r"\binstructies\b", r"\binstrukc", r"\bpolece", r"\bpokyn",
    r"инструкц", r"указани", r"правил", r"інструкц", r"вказівк", r"οδηγί", r"הוראות",
    r"التعليمات", r"الأوامر", r"دستورالعمل", r"دستورات", r"निर्देश", r"指示", r"命令",
    r"ルール", r"指令", r"说明", r"規則", r"规则", r"지시", r"지침", r"hướng dẫn",
    r"chỉ dẫn", r"chỉ thị", r"คำสั่ง", r"\binstruksi\b", r"\bperintah\b", r"\btagubilin\b",
    r"\bmaagizo\b", r"\btalimat", r"\bprompts?\b",
)  # fmt: skip
"""Instructions, rules, a prompt."""

ASSISTANTS: Final = (
    r"\bassistant", r"\basistente\b", r"\bassistente\b", r"\bassistent", r"\basystent",
    r"ассистент", r"асистент", r"アシスタント", r"助手", r"어시스턴트", r"trợ lý", r"\basisten\b",
    r"\basistan\b", r"المساعد", r"सहायक",
)  # fmt: skip
"""The model, addressed as *the assistant*: ``assistant:`` starts a message to it."""

ADDRESSEES: Final = (
    r"\bassistant", r"\bai\b", r"\bllms?\b", r"\bmodel\b", r"\bagent\b", r"\bclaude\b",
    r"\bgpt\b", r"\bchatgpt\b", r"\bcopilot\b", r"\bgemini\b", r"\blanguage models?\b",
    r"\bai models?\b",
    r"\basistente\b", r"\bmodelo\b", r"\bia\b", r"\bmodèle\b", r"\bassistent", r"\bmodell\b",
    r"\bki\b", r"\bassistente\b", r"\bmodello\b", r"\basystent", r"\bmodel(?:u|owi)\b",
    r"\basistent", r"ассистент", r"помощник", r"модел", r"(?<!\w)ИИ(?!\w)", r"асистент",
    r"βοηθ", r"μοντέλο", r"עוזר", r"מודל", r"المساعد", r"النموذج", r"دستیار", r"مدل",
    r"सहायक", r"मॉडल", r"アシスタント", r"モデル", r"助手", r"助理", r"模型", r"人工智能",
    r"어시스턴트", r"모델", r"비서", r"trợ lý", r"mô hình", r"ผู้ช่วย", r"โมเดล", r"\basisten\b",
    r"\bkatulong\b", r"\bmsaidizi\b", r"\basistan\b", r"yapay zeka",
)  # fmt: skip
"""The model, addressed by role or by name."""

NOTES: Final = (
    r"\bnote\b", r"\bimportant\b", r"\binstructions?\b", r"\bmessage\b", r"\breminder\b",
    r"\battention\b", r"\bnotice\b", r"\bwarning\b",
    r"\bnota\b", r"\bimportante\b", r"\batenci[oó]n\b", r"\baten[cç][aã]o\b",
    r"\bhinweis\b", r"\bwichtig\b", r"\bachtung\b", r"\buwaga\b", r"\bważne\b",
    r"\bpoznámka\b", r"\bdůležité\b", r"\bupozornění\b", r"\blet op\b", r"\bbelangrijk\b",
    r"\bopmerking\b", r"внимание", r"примечание", r"заметка", r"важно", r"увага", r"важливо",
    r"σημείωση", r"προσοχή", r"σημαντικό", r"הערה", r"חשוב", r"ملاحظة", r"مهم", r"توجه",
    r"نکته", r"ध्यान", r"नोट", r"ज़रूरी", r"जरूरी", r"注意", r"重要", r"备注", r"備考",
    r"メモ", r"참고", r"주의", r"중요", r"lưu ý", r"chú ý", r"quan trọng", r"หมายเหตุ",
    r"สำคัญ", r"\bcatatan\b", r"\bpenting\b", r"\bpaalala\b", r"\bmahalaga\b",
    r"\bmuhimu\b", r"\btanbihi\b", r"\bdikkat\b", r"\bönemli\b",
    r"ghi chú", r"\bnotatka\b", r"\bnotitie\b", r"\banmerkung\b", r"\bremarque\b",
    r"\bavviso\b", r"\baviso\b", r"\bobservação\b", r"примітка", r"یادداشت", r"टिप्पणी",
    r"提示", r"ข้อสังเกต",
)  # fmt: skip
"""A heading that introduces a message: *note*, *important*, *attention*."""

MUST: Final = (
    r"\bmust\b", r"\bshould\b", r"\bshall\b", r"\bis required to\b", r"\bneeds? to\b",
    r"\bhas to\b", r"\bis expected to\b",
    r"\bdoi(?:t|vent)\b", r"\bdeben?\b", r"\bmuss", r"\bsoll", r"\bdev(?:e|ono)\b",
    r"\bmusi\b", r"\bpowin", r"\bmusí\b", r"\bmoet\b", r"\bdient\b", r"должн", r"повин",
    r"πρέπει", r"חייב", r"צריך", r"يجب", r"باید", r"चाहिए", r"必须", r"必須", r"应该",
    r"应当", r"必ず", r"반드시", r"해야", r"phải", r"ต้อง", r"\bharus\b", r"\bwajib\b",
    r"\bkailangan", r"\blazima\b", r"\bzorunda", r"\bmalı", r"\bmeli",
)  # fmt: skip
"""A modal of obligation: *the assistant must*."""

HISTORIES: Final = (
    r"\bhistórico",
    r"\bcronologia", r"\bstoria\b", r"verlauf", r"\bgeschiedenis", r"\bhistori", r"истори",
    r"ιστορικ", r"היסטורי", r"سجل", r"تاريخ", r"تاریخچه", r"इतिहास", r"履歴", r"全文",
    r"内容", r"记录", r"記錄", r"历史", r"歷史", r"기록", r"내용", r"lịch sử", r"ประวัติ",
    r"\briwayat\b", r"\bgeçmiş", r"\bkasaysayan\b",
)  # fmt: skip
"""A record of what was said, outside English (*conversation history* is an English
API's everyday term; `toolbridge.security._sensitive` reads English its own way)."""

CONVERSATIONS: Final = (
    r"\bconversation", r"\bchat\b", r"\bdialog", r"\bconversaci", r"\bconversa\b",
    r"\bconversazion", r"\bdiscussion\b", r"\bgespräch", r"\bunterhaltung", r"\bgesprek",
    r"gespreks", r"\brozmow", r"\bkonverzac", r"переписк", r"диалог", r"разговор", r"чат",
    r"розмов", r"συνομιλ", r"השיחה", r"שיחה", r"المحادثة", r"گفتگو", r"बातचीत", r"चैट",
    r"会話", r"对话", r"對話", r"聊天", r"대화", r"trò chuyện", r"hội thoại", r"การสนทนา",
    r"แชท", r"\bpercakapan\b", r"\bobrolan\b", r"\bsohbet", r"\bkonuşma", r"\busapan\b",
    r"\bmazungumzo\b",
)  # fmt: skip
"""The conversation with the user, which a tool has no business receiving whole."""

MESSAGES: Final = (
    r"\bmensajes\b", r"\bmensagens\b", r"\bnachrichten\b", r"\bmessaggi\b",
    r"\bberichten\b", r"\bwiadomości\b", r"\bzpráv", r"сообщени", r"повідомлен", r"μηνύματ",
    r"הודעות", r"الرسائل", r"پیام", r"संदेश", r"メッセージ", r"消息", r"訊息", r"메시지",
    r"tin nhắn", r"ข้อความ", r"\bpesan\b", r"\bmensahe\b", r"\bujumbe\b", r"\bmesaj",
)  # fmt: skip
"""Messages, outside English: *all previous messages* is the conversation again."""

PASSWORDS: Final = (
    r"\bcontraseñas?\b", r"\bmots? de passe\b", r"passwört", r"passwort", r"kennw[oö]rt",
    r"\bsenhas?\b", r"\bwachtwoord", r"\bhas(?:ło|ła|eł)\b", r"\bhesl[oa]\b", r"парол",
    r"κωδικ", r"סיסמ", r"كلمات المرور", r"كلمة المرور", r"رمز عبور", r"گذرواژه", r"पासवर्ड",
    r"パスワード", r"密码", r"密碼", r"비밀번호", r"mật khẩu", r"รหัสผ่าน", r"\bkata sandi\b",
    r"\bşifre", r"\bparola\b", r"\bnywila\b",
)  # fmt: skip
"""A password, outside English (English is `toolbridge.security._sensitive`'s own)."""


_LEAD: Final = re.compile(r"^(?:\\b|\(\?<!\\w\))")
_SPECIAL: Final = re.compile(r"[\\(\[?*+{|.$^)]")
_WORD: Final = re.compile(r"\w")


class Stems:
    r"""A search for the plain-text stems of some words, to run on lowercase text.

    A pass for literals (`Starts`) is many times faster than one of the words'
    patterns, so a shape whose rarest role has no stem in a string costs one short
    pass. The stem of a word that opens with ``\b`` (or ``(?<!\w)``) and a letter is
    looked for where a word starts only. With no stem at all, every text holds one (as
    the empty pattern finds something in every text).
    """

    __slots__ = ("_all", "stems")

    def __init__(self, *classes: tuple[str, ...]) -> None:
        stems: set[str] = set()
        loose: set[str] = set()
        for word in (word for words in classes for word in words):
            body = _LEAD.sub("", word)
            stem = _SPECIAL.split(body)[0].lower()
            stems.add(stem)
            if body == word or not _WORD.match(stem):
                loose.add(stem)  # it may match inside a word
        stems.discard("")
        self.stems: Final[frozenset[str]] = frozenset(stems)
        """The stems searched for, lowercase plain text (for a wider gate's alternation)."""
        # built at its first use
        self._all: Final = Starts(stems - loose, loose & stems) if stems else None

    def found(self, low: str) -> bool:
        """Whether lowercase `low` holds one of the stems."""
        return self._all is None or self._all.holds(low)
