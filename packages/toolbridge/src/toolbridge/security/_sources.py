# ruff: noqa: RUF001 (words in Greek, Cyrillic and Turkish letters)
"""Exfiltration by shape: where the data comes from, and what it is, in 25 languages.

An exfiltration ask puts in a parameter something from the model's context. Its
*source* marker says so whatever the object: the user gave, typed, entered or shared
it (a word for the user beside a verb of giving, either order, a few words apart:
"사용자가 이전에 입력한"), the model read or saw it ("που διάβασες", "okuduğun",
"that you opened"), it was said earlier in this session ("bu oturumda", "in dieser
Sitzung"). Its *object* is sensitive: a password or a one-time code, personal data
(an email address, a phone number, a date of birth), the content of files or
documents, or everything. `toolbridge.security._exfiltration` reads one sentence for
a source and an object; these are the words. Each entry starts with a literal.

Languages: English, Spanish, French, German, Italian, Portuguese, Dutch, Swedish,
Polish, Czech, Turkish, Greek, Russian, Ukrainian, Arabic, Hebrew, Persian, Hindi,
Chinese, Japanese, Korean, Thai, Vietnamese, Indonesian and Malay.
"""

from __future__ import annotations

from typing import Final

__all__ = ["BEFORE", "DOCUMENTS", "EVERYTHING", "PERSONAL", "READ", "SESSION", "USER_GAVE"]


_SAW: Final = (
    "read",
    "opened",
    "viewed",
    "saw",
    "looked at",
    "accessed",
    "browsed",
    "visited",
    "came across",
    "encountered",
)
"""What the model did with a file or a page: "the files you opened"."""


def _each(heads: tuple[str, ...], tail: str, *, bound: bool = True) -> tuple[str, ...]:
    """One entry per head, each starting with its literal: a word boundary, head, `tail`."""
    return tuple((r"\b" if bound else "") + head + tail for head in heads)


_GAP: Final = r"[^.\n]{0,24}?"
"""A few words between the user and their verb ("the user gave us earlier")."""

USER_GAVE: Final = (
    r"\bthe users? (?:has |had |have )?(?:\w+ly |earlier |before |already |just |once )*"
    r"(?:gave|typed|entered|provided|shared|mentioned|told|said|wrote|pasted|sent|supplied"
    r"|filled in|uploaded|dictated)\b",
    r"\busuari[oa]\b" + _GAP + r"\b(?:dio|diera|ha dado|escribió|ha escrito|tecleó"
    r"|introdujo|ha introducido|proporcionó|ha proporcionado|compartió|mencionó|indicó|pegó)",
    *_each(
        ("dad", "escrit", "introducid", "proporcionad", "compartid"),
        r"[oa]s? por (?:el|la) usuari",
    ),
    r"\bl'utilisat(?:eur|rice)\b" + _GAP + r"\ba (?:donn|saisi|tap|fourni|indiqu|partag|coll"
    r"|écrit|mentionn|envoy)",
    *_each(
        ("donné", "donnée", "saisi", "fourni", "tapé", "tapée", "partagé", "indiqué", "indiquée"),
        r"s? (?:plus tôt |précédemment )?par l'utilisat",
    ),
    r"nutzer\w*\b" + _GAP + r"\b(?:angegeben|eingegeben|genannt|mitgeteilt|geschrieben"
    r"|gegeben|eingetippt|geteilt|eingefügt|übermittelt)",
    r"\banwender\w*\b" + _GAP + r"\b(?:angegeben|eingegeben|genannt|mitgeteilt|geteilt)",
    r"\bl'utente\b" + _GAP + r"\bha (?:dato|fornito|inserito|scritto|digitato|condiviso"
    r"|indicato|incollato)",
    *_each(
        tuple(f"{stem}{end}" for stem in ("fornit", "inserit", "indicat", "dat") for end in "oaie"),
        r" dall'utente",
    ),
    *_each(
        ("usuário", "usuario"),
        r"\b" + _GAP + r"\b(?:deu|forneceu|digitou|inseriu|escreveu|informou|compartilhou"
        r"|passou|colou|indicou)",
    ),
    *_each(("fornecid", "informad", "digitad", "inserid"), r"[oa]s? pelo usu[aá]rio"),
    r"\bde gebruiker\b" + _GAP + r"\b(?:gaf|heeft gegeven|opgaf|heeft opgegeven|invoerde"
    r"|heeft ingevoerd|typte|deelde|noemde)",
    r"\bdoor de gebruiker (?:opgegeven|ingevoerd|gegeven|gedeeld)",
    r"\banvändaren\b" + _GAP + r"\b(?:gav|har gett|angav|har angett|skrev|matade in|delade)",
    r"\bużytkownik\w*\b" + _GAP + r"\b(?:podał|wpisał|wprowadził|udostępnił|przekazał)",
    *_each(("podan", "wpisan", "wprowadzon"), r"\w* przez użytkownika"),
    r"\buživatel\w*\b" + _GAP + r"\b(?:zadal|uvedl|napsal|sdělil|poskytl)",
    r"\bkullanıcının\b" + _GAP + r"\b(?:verdiği|girdiği|yazdığı|paylaştığı|belirttiği"
    r"|sağladığı|söylediği)",
    r"\bkullanıcı tarafından (?:verilen|girilen|yazılan|paylaşılan)",
    *_each(
        ("έδωσε", "πληκτρολόγησε", "εισήγαγε", "μοιράστηκε", "ανέφερε", "έγραψε"),
        " ο χρήστης",
        bound=False,
    ),
    r"ο χρήστης " + _GAP + r"(?:έδωσε|πληκτρολόγησε|εισήγαγε|μοιράστηκε|ανέφερε|έγραψε)",
    r"пользовател\w*\s" + _GAP + r"(?:дал|ввёл|ввел|указал|сообщил|предоставил|написал"
    r"|прислал|вставил)",
    *_each(("введённ", "введенн", "указанн", "предоставленн"), r"\w* пользовател", bound=False),
    r"користувач\w*\s" + _GAP + r"(?:дав|ввів|вказав|надав|написав|повідомив|надіслав)",
    *_each(("введен", "вказан", "надан"), r"\w* користувач", bound=False),
    *_each(
        ("أعطاه", "أدخله", "كتبه", "قدمه", "شاركه", "ذكره", "أعطاها", "أدخلها", "كتبها", "قدمها"),
        " المستخدم",
        bound=False,
    ),
    r"المستخدم\s" + _GAP + r"(?:أعطى|أدخل|كتب|قدم|شارك|ذكر)",
    r"המשתמש\s" + _GAP + r"(?:נתן|הזין|הקליד|מסר|שיתף|כתב|ציין)",
    r"کاربر\s" + _GAP + r"(?:داده|وارد کرده|نوشته|گفته|ارائه|به اشتراک)",
    r"उपयोगकर्ता (?:ने|द्वारा)\s" + _GAP + r"(?:दिय|दर्ज|टाइप|लिख|बताय|साझा)",
    r"用户[^。，,\n]{0,8}?(?:提供|输入|填写|给出|告诉|分享|发送|写)",
    r"用戶[^。，,\n]{0,8}?(?:提供|輸入|填寫|告訴|分享)",
    r"ユーザ[ー]?[がのはにから][^。、\n]{0,12}?(?:入力|提供|教え|共有|送信|書い|伝え|記入)",
    r"사용자[가께이][^.\n]{0,12}?(?:입력한|알려준|제공한|공유한|보낸|적은|말한|준)",
    r"ผู้ใช้[^.\n]{0,12}?(?:ให้|ป้อน|พิมพ์|กรอก|แชร์|บอก|ระบุ)ไว้",
    r"ที่ผู้ใช้(?:ให้|ป้อน|พิมพ์|กรอก|แชร์|บอก)",
    r"người dùng (?:đã )?" + _GAP + r"(?:cung cấp|nhập|gõ|đưa|chia sẻ|cho biết|gửi|viết)",
    *_each(
        ("diberikan", "dimasukkan", "diketik", "dibagikan", "disebutkan", "ditulis", "diisi"),
        r" (?:oleh )?pengguna",
    ),
    r"\bpengguna\b" + _GAP + r"\b(?:berikan|masukkan|ketik|bagikan|memberikan|memasukkan"
    r"|mengetik|membagikan)",
    *_each(
        ("mentioned", "said", "shared", "typed", "stated", "told", "written", "pasted", "given",
         "provided", "entered", "supplied"),
        r" (?:earlier|previously|before)\b",
    ),
    *_each(("earlier", "previously"), r" (?:mentioned|said|shared|typed|stated|told|pasted)\b"),
    r"\bkäyttäjän\b" + _GAP + r"(?:antam|kirjoittam|syöttäm|mainitsem|jakam|kertom)",
    r"\butilizatorul\b" + _GAP + r"\b(?:a dat|a introdus|a scris|a menționat|a furnizat"
    r"|a împărtășit|le-a dat|le-a scris)",
    r"\bfelhasználó\w*\b" + _GAP + r"(?:megadott|beírt|említett|megosztott|által)",
    r"\bmtumiaji\b" + _GAP + r"\b(?:alitoa|aliandika|alitaja|aliingiza|alishiriki)",
)  # fmt: skip
"""The user gave it: a word for the user beside a verb of giving, typing or sharing."""

READ: Final = (
    *_each(
        ("you've", "you have", "you had", "you already", "you just", "you previously"),
        r" (?:already |just |previously |earlier )?(?:read|opened|viewed|saw|seen|looked at"
        r"|accessed|browsed|visited|came across|encountered)\b",
    ),
    *_each(tuple(f"you {verb}" for verb in _SAW), r"\b"),
    r"\byou know about (?:the |this )?users?\b",
    *_each(("que has", "que hayas"), r" (?:leído|abierto|visto|consultado)"),
    *_each(("que tu as", "que vous avez"), r" (?:lu|ouvert|vu|consulté)"),
    *_each(
        ("die", "das", "den"),
        r" du\b" + _GAP + r"\b(?:gelesen|geöffnet|gesehen)",
    ),
    r"\bche hai (?:letto|aperto|visto|consultato)",
    *_each(("que você", "que voce"), r" (?:leu|abriu|viu|consultou)"),
    r"\bdie je (?:hebt )?(?:gelezen|geopend|gezien)",
    r"\bsom du (?:har )?(?:läst|läste|öppnat|öppnade|sett|såg)",
    *_each(("któr", "ktor"), r"\w* (?:przeczytał|otworzył|widział)"),
    r"\bkter\w* jsi (?:četl|přečetl|otevřel|viděl)",
    *_each(("okuduğun", "açtığın", "gördüğün", "eriştiğin"), ""),
    *_each(("διάβασες", "άνοιξες", "είδες"), "", bound=False),
    *_each(("ты", "вы"), r" (?:уже )?(?:прочитал|открыл|видел)", bound=False),
    *_each(("ти", "ви"), r" (?:вже )?(?:прочитав|відкрив|бачив)", bound=False),
    *_each(
        ("التي", "الذي"), r" (?:قرأتها|قرأته|فتحتها|فتحته|رأيتها|رأيته)", bound=False
    ),
    *_each(("שקראת", "שפתחת", "שראית", "خواندی", "باز کردی", "دیدی"), "", bound=False),
    *_each(("आपने", "तुमने"), r"\s(?:\S+\s){0,3}?(?:पढ़|खोल|देख)", bound=False),
    r"你(?:之前|刚才|已经)?(?:读过|读取过|读到|看过|看到|打开过|打开的|读取的)",
    r"読んだ", r"開いた", r"見た(?!目)", r"読み込んだ",
    r"읽은 ", r"읽었던", r"열어 본", r"열었던",
    r"ที่คุณ(?:อ่าน|เปิด|เห็น)",
    r"bạn (?:đã )?(?:đọc|mở|xem)",
    *_each(("kamu", "anda"), r" (?:baca|buka|lihat)\b"),
    r"\byang telah (?:kamu|anda) (?:baca|buka|lihat)",
    *_each(("du har", "du hade"), r" (?:läst|öppnat|sett)"),
    *_each(("látott", "olvasott", "megnyitott", "lukemasi", "avaamasi", "näkemäsi"), ""),
    *_each(("ai citit", "ai deschis", "ai văzut", "ulizosoma", "uliyosoma", "ulizoona"), ""),
    *_each(
        ("previously", "earlier", "recently"),
        r" (?:opened|read|viewed|seen|accessed|browsed|visited)\b",
    ),
    *_each(("opened", "viewed", "seen", "accessed"), r" (?:earlier|previously|before)\b"),
    *_each(("eerder", "zuvor", "vorher"), r" (?:geopend|gelezen|bekeken|geöffnet|gesehen)"),
    *_each(
        tuple(
            f"{read} {before}"
            for read in ("ouvert", "ouverts", "lu", "lus", "consulté", "consultés", "abierto",
                         "abiertos", "leído", "leídos", "aperti", "letti", "abertos", "lidos")
            for before in ("précédemment", "auparavant", "anteriormente", "previamente",
                           "in precedenza")
        ),
        r"\b",
    ),
    *_each(
        ("appeared", "came up", "come up", "showed up", "occurred", "appears", "comes up"),
        r" (?:anywhere )?(?:in|during) (?:the|this|our) (?:conversation|chat|session)\b",
    ),
)  # fmt: skip
"""The model read or saw it: a second person with a past verb of reading or receiving."""

SESSION: Final = (
    *_each(
        tuple(f"{at} {which}" for at in ("in", "during", "from", "throughout")
              for which in ("this", "the current", "our")),
        r" (?:session|chat|conversation|dialog(?:ue)?|thread)\b",
    ),
    r"\bearlier in (?:this|the) (?:session|chat|conversation)\b",
    *_each(("en esta", "durante esta"), r" (?:sesi[oó]n|conversaci[oó]n|charla)\b"),
    *_each(
        ("dans cette", "pendant cette", "durant cette"),
        r" (?:session|conversation|discussion)\b",
    ),
    *_each(("in dieser", "während dieser"), r" (?:sitzung|unterhaltung|konversation)\b"),
    *_each(("in questa", "durante questa"), r" (?:sessione|conversazione|chat)\b"),
    *_each(("nesta", "durante esta"), r" (?:sess[aã]o|conversa)\b"),
    *_each(("in deze", "in dit", "tijdens deze", "tijdens dit"), r" (?:sessie|gesprek|chat)\b"),
    *_each(("i den här", "i denna", "i detta"), r" (?:sessionen|session|chatt|samtal)\b"),
    *_each(("w tej", "w bieżącej"), r" (?:sesji|rozmowie)\b"),
    *_each(("v této", "v tomto"), r" (?:relaci|konverzaci|rozhovoru)\b"),
    r"\bbu (?:oturumda|sohbette|konuşmada)\b", r"\boturum (?:boyunca|içinde)\b",
    r"σε αυτή(?:ν)? τη(?:ν)? (?:συνεδρία|συνομιλία)", r"στη συνεδρία",
    r"в (?:этой|текущей) (?:сессии|беседе|переписке)", r"у (?:цій|поточній) (?:сесії|розмові)",
    r"في هذه (?:الجلسة|المحادثة)", r"خلال (?:هذه )?الجلسة", r"בסשן הזה", r"במהלך השיחה",
    r"در این (?:جلسه|گفتگو)", r"इस (?:सत्र|सेशन|बातचीत) (?:में|के दौरान)",
    r"本次会话", r"此次会话", r"这次会话", r"本轮对话", r"会话中", r"この(?:セッション|会話)",
    r"セッション中", r"이 (?:세션|대화)", r"세션 ?(?:동안|중)", r"ในเซสชันนี้", r"ระหว่างเซสชัน",
    r"trong (?:phiên|cuộc trò chuyện) này", r"\bdalam sesi ini\b", r"\bselama sesi\b",
    *_each(
        tuple(
            f"{at} the {what}"
            for at in ("in", "during", "anywhere in", "earlier in", "throughout")
            for what in ("conversation", "chat")
        ),
        r"\b",
    ),
    *_each(
        ("at the start", "at the beginning", "from the start", "from the beginning"),
        r" of (?:the|this) (?:session|conversation|chat)",
    ),
    *_each(("before this",), r" (?:call|request|turn|message)\b"),
    r"\ben la conversaci[oó]n\b", r"\bdans la conversation\b", r"\bim gespräch\b",
    r"\bim chat\b", r"\bin der unterhaltung\b", r"\bnella conversazione\b", r"\bna conversa\b",
    r"\bin het gesprek\b", r"\bi konversationen\b", r"\bi samtalet\b", r"\bi chatten\b",
    r"\bw rozmowie\b", r"\bv konverzaci\b", r"\bv rozhovoru\b", r"\bîn conversați",
    r"\bîn timpul conversației", r"\ba beszélgetés", r"\bkeskustelussa\b",
    r"\bkeskustelun aikana\b", r"\bkonuşmada\b", r"\bsohbette\b", r"στη συνομιλία",
    r"в разговоре", r"в переписке", r"в диалоге", r"в ходе (?:работы|разговора|беседы|сессии)",
    r"у розмові", r"в розмові", r"في المحادثة", r"خلال المحادثة", r"בשיחה", r"در گفتگو",
    r"در طول گفتگو", r"बातचीत (?:में|के दौरान)", r"对话中", r"聊天中", r"会話中", r"会話の中",
    r"대화 중", r"대화에서", r"ในบทสนทนา", r"ในแชท", r"trong cuộc (?:trò chuyện|hội thoại)",
    r"\bdalam percakapan\b", r"\bdi percakapan\b", r"\bselama percakapan\b",
    r"\bkatika mazungumzo\b",
    # from the conversation: what the model is to take out of it
    r"\bfrom the (?:conversation|chat)\b", r"\baus dem gespräch\b", r"\baus der unterhaltung\b",
    r"\bde la conversaci[oó]n\b", r"\bdalla conversazione\b", r"\bda conversa\b",
    r"\buit het gesprek\b", r"\bur samtalet\b", r"\bfra samtalen\b", r"\bz rozmowy\b",
    r"\bkeskustelusta\b", r"из разговора", r"из переписки", r"з розмови", r"من المحادثة",
    r"从对话中", r"從對話中", r"会話から", r"대화에서",
)  # fmt: skip
"""It was in this session or conversation: a locative of the model's own context."""

PERSONAL: Final = (
    r"\bemail address(?:es)?\b", r"\be-mail address(?:es)?\b", r"\bphone numbers?\b",
    r"\btelephone numbers?\b",
    r"\bmobile numbers?\b", r"\bhome address(?:es)?\b", r"\bpostal address(?:es)?\b",
    r"\bdates? of birth\b", r"\bbirth ?dates?\b", r"\bsocial security numbers?\b", r"\bssns?\b",
    r"\bpassport (?:numbers?|details)\b", r"\bid (?:card )?numbers?\b", r"\bcredit card",
    r"\bbank (?:details|account numbers?)\b", r"\bpersonal (?:data|details|information)\b",
    r"\bcontact (?:details|information)\b", r"\bfull names?\b", r"\bemails?\b",
    r"\bcorreos? electr[oó]nicos?\b", r"\bnúmeros? de tel[eé]fono", r"\bnumeros? de tel[eé]fono",
    r"\bfecha de nacimiento\b",
    r"\bdatos personales\b", r"\badresses? (?:e-?mail|électronique|postale)",
    r"\bnum[ée]ros? de t[ée]l[ée]phone", r"\bdate de naissance\b", r"\bdonnées personnelles\b",
    r"\bemail-?adress", r"\be-mail-?adress", r"\btelefonnummer", r"\bhandynummer",
    r"\bgeburtsdatum",
    r"\bpersönliche(?:n)? daten", r"\bindirizz[oi] (?:e-?mail|di posta)",
    r"\bnumer[oi] di telefono",
    r"\bdata di nascita\b", r"\bdati personali\b", r"\bendereços? de e-?mail",
    r"\bnúmeros? de telefone", r"\bnumeros? de telefone", r"\bdata de nascimento\b",
    r"\bdados pessoais\b",
    r"\bemailadres", r"\be-mailadres", r"\btelefoonnummer", r"\bgeboortedatum",
    r"\bpersoonsgegevens",
    r"\bepostadress", r"\be-postadress", r"\bpersonnummer", r"\bpersonuppgifter",
    r"\bfødselsnummer", r"\bcpr-nummer", r"\bhenkilötunnu", r"\bkennitala",
    r"\badres(?:u|y)? e-?mail",
    r"\bnumer(?:u|y)? telefonu", r"\bdan(?:e|ych) osobow", r"\bpesel\b",
    r"\bemailov\w* adres", r"\be-mailov\w* adres", r"\btelefonní číslo", r"\brodné číslo",
    r"\bosobní údaje",
    r"\beposta adres", r"\be-posta adres", r"\btelefon numara", r"\bdoğum tarih",
    r"\bkimlik numara",
    r"\bkişisel (?:veri|bilgi)", r"διεύθυνση (?:email|e-mail|ηλεκτρονικού)", r"τηλέφων",
    r"ημερομηνία γέννησης", r"προσωπικά δεδομένα", r"адрес\w* (?:электронной|эл\.)",
    r"электронн\w* почт", r"номер\w* телефон", r"дат\w* рождения", r"паспорт",
    r"персональн\w* данн", r"електронн\w* пошт", r"дат\w* народження", r"персональн\w* дан",
    r"البريد الإلكتروني", r"رقم الهاتف", r"أرقام الهواتف", r"تاريخ الميلاد", r"البيانات الشخصية",
    r"כתובת (?:ה)?(?:דוא\"ל|אימייל|מייל)", r"מספר (?:ה)?טלפון", r"תאריך לידה", r"תעודת זהות",
    r"ایمیل", r"شماره (?:تلفن|تماس|موبایل)", r"تاریخ تولد", r"کد ملی", r"ईमेल", r"फ़ोन नंबर",
    r"फोन नंबर", r"मोबाइल नंबर", r"जन्मतिथि", r"जन्म तिथि", r"आधार",
    r"邮箱", r"电子邮件", r"電子郵件", r"电话号码", r"手机号", r"電話號碼", r"身份证", r"出生日期",
    r"个人信息", r"メールアドレス", r"電話番号", r"携帯番号", r"生年月日", r"住所", r"個人情報",
    r"이메일", r"전화번호", r"휴대폰 번호", r"생년월일", r"주민등록번호", r"개인정보", r"개인 정보",
    r"อีเมล", r"เบอร์โทร", r"หมายเลขโทรศัพท์", r"วันเกิด", r"ข้อมูลส่วนตัว",
    r"địa chỉ email", r"số điện thoại", r"ngày sinh", r"thông tin cá nhân",
    r"\balamat email\b", r"\bnomor (?:telepon|hp|ponsel)\b", r"\btanggal lahir\b", r"\bnik\b",
    r"\bdata pribadi\b",
    *_each(
        ("health", "medical"),
        r" (?:data|information|info|details|records?|history|conditions?)",
    ),
    r"\bmedications?\b", r"\bdiagnos[ie]s\b", r"\bprescriptions?\b", r"\bid cards?\b",
    r"\bidentity (?:cards?|documents?)\b", r"\bpayslips?\b", r"\bpay stubs?\b",
    r"\bbank statements?\b", r"\bpassports?\b", r"\bnational id", r"건강 ?정보", r"진단",
    r"복용", r"健康情報", r"病歴", r"健康信息", r"病史", r"诊断", r"\bdatos de salud",
    r"\bhistorial médico", r"\bdonnées de santé", r"\bdossier médical", r"\bgesundheitsdaten",
    r"\bdati sanitari", r"\bdados de saúde", r"\bgezondheidsgegevens", r"\bhälsodata",
    r"\bdane medyczne", r"\bzdravotní", r"\bsağlık bilgi", r"ιατρικ", r"медицинск", r"діагноз",
    r"معلومات صحية", r"מידע רפואי", r"اطلاعات پزشکی", r"स्वास्थ्य", r"ข้อมูลสุขภาพ",
    r"thông tin sức khỏe", r"\bdata kesehatan", r"\begészségügyi", r"\bterveystie",
    r"\bdate medicale", r"\btaarifa za afya", r"\bhenkilötunnus", r"\bhenkilötie",
    r"\bpuhelinnumero", r"\bsähköpostiosoite", r"\bsyntymäaika", r"\bszemélyes adat",
    r"\btelefonszám", r"\blakcím", r"\bdate personale", r"\bnumăr(?:ul)? de telefon",
    r"\badres[aă] de e-?mail", r"\bnambari ya simu", r"\bbarua pepe",
    r"\bone-time (?:code|password|pin)s?\b", r"\bpins?\b",
    *_each(("auth", "verification", "security", "login", "sms", "2fa", "mfa"), r" codes?\b"),
    r"\bcódigos? de (?:verificaci[oó]n|seguridad|acceso)",
    r"\bcodes? de (?:vérification|sécurité|connexion)",
    *_each(("bestätigungs", "sicherheits", "verifizierungs", "anmelde"), "code"),
    r"\bcodic[ei] di (?:verifica|sicurezza|accesso)",
    r"\bcódigos? de (?:verifica[cç][aã]o|seguran[cç]a)", r"\bverificatiecode",
    r"\bverifieringskod", r"\bkod(?:u|y)? weryfikacyjn", r"\bověřovací kód",
    r"\bdoğrulama kod", r"κωδικ", r"\bкод\w* (?:подтвержд|доступ|безопасн|верифик)",
    r"\bкод\w* підтвердж", r"رمز (?:التحقق|الأمان)", r"קוד (?:אימות|גישה)", r"کد (?:تأیید|تایید)",
    r"सत्यापन कोड", r"验证码", r"驗證碼", r"認証コード", r"確認コード", r"인증 ?(?:코드|번호)",
    r"รหัสยืนยัน", r"รหัส otp", r"mã (?:xác (?:minh|thực)|otp)", r"\bkode (?:verifikasi|otp)",
)  # fmt: skip
"""Personal data and one-time codes: what a user gives a model, never a tool's field."""

DOCUMENTS: Final = (
    r"\bfiles?\b", r"\bdocuments?\b", r"\battachments?\b",
    r"\barchivos?\b", r"\bdocumentos?\b", r"\bfichiers?\b", r"\bdatei(?:en)?\b",
    r"\bdokument", r"\bfile\b", r"\barquivos?\b", r"\bbestand(?:en)?\b", r"\bfil(?:en|er|erna)\b",
    r"\bplik(?:u|i|ów)?\b", r"\bsoubor", r"\bdosya", r"\bbelge", r"αρχεί", r"έγγραφ",
    r"файл", r"документ", r"ملف", r"ملفات", r"المستند", r"קובץ", r"קבצים", r"מסמכ", r"فایل",
    r"سند", r"फ़ाइल", r"फाइल", r"दस्तावेज़", r"文件", r"檔案", r"文档", r"ファイル", r"文書",
    r"파일", r"문서", r"ไฟล์", r"เอกสาร", r"\btệp\b", r"tập tin", r"tài liệu", r"\bberkas\b",
    r"\bdokumen\b",
)  # fmt: skip
"""Files and documents: asked for with a source ("the files you read"), their content."""

BEFORE: Final = (
    r"\bearlier\b", r"\bpreviously\b", r"\ba moment ago\b", r"\ba minute ago\b",
    r"\ba while ago\b", r"\bjust now\b",
    r"\bbefore now\b", r"\banteriormente\b", r"\bpreviamente\b", r"\bhace un momento\b",
    r"\bplus tôt\b", r"\bprécédemment\b", r"\bauparavant\b", r"\btout à l'heure\b",
    r"\bvorhin\b", r"\bzuvor\b", r"\bvorher\b", r"\bin precedenza\b", r"\bprecedentemente\b",
    r"\bpoco fa\b", r"\bmais cedo\b", r"\bhá pouco\b", r"\beerder\b", r"\bdaarnet\b",
    r"\bzojuist\b", r"\btidigare\b", r"\bnyss\b", r"\bwcześniej\b", r"\buprzednio\b",
    r"\bpoprzednio\b", r"\bdříve\b", r"\bpředtím\b", r"\bdaha önce\b", r"\bönceden\b",
    r"\baz önce\b", r"νωρίτερα", r"προηγουμένως", r"ранее", r"раньше", r"только что",
    r"раніше", r"щойно", r"سابقًا", r"سابقا", r"في وقت سابق", r"מוקדם יותר", r"לפני כן",
    r"קודם לכן", r"قبلاً", r"قبلا", r"پیش‌تر", r"پیشتر", r"पहले", r"早些时候", r"刚才", r"之前",
    r"先前", r"此前", r"先ほど", r"さっき", r"以前", r"이전에", r"앞서", r"아까", r"방금",
    r"ก่อนหน้านี้", r"เมื่อกี้", r"trước đó", r"lúc nãy", r"vừa nãy", r"vừa rồi",
    r"\bsebelumnya\b", r"\btadi\b", r"\baiemmin\b", r"\baikaisemmin\b", r"\bkorábban\b",
    r"\belőzőleg\b", r"\bmai devreme\b", r"\bhapo awali\b", r"\bmapema\b",
)  # fmt: skip
"""Before now, as an adverb ("the codes the user entered earlier"): beside the user's
giving, it places the data in the conversation, not in the API's own request."""

EVERYTHING: Final = (
    r"\beverything\b", r"\banything\b", r"\bwhatever\b", r"\ball (?:of )?(?:that|which|what)\b",
    r"\btodo (?:lo )?que\b", r"\btout ce qu", r"\balles,? (?:was|das)\b", r"\btutto (?:ciò )?che\b",
    r"\btudo (?:o )?que\b", r"\balles (?:wat|dat)\b", r"\ballt (?:som|du)\b", r"\bwszystko,? co\b",
    r"\bvše,? co\b", r"\bher şey", r"όλα όσα", r"ό,τι", r"всё,? что", r"все,? что", r"все,? що",
    r"كل ما", r"כל מה ש", r"هر چه", r"हर चीज़", r"जो कुछ", r"一切", r"所有内容", r"全部内容",
    r"すべての内容", r"全ての内容", r"모든 내용", r"전부", r"ทุกอย่าง", r"mọi thứ", r"tất cả những",
    r"\bsemua yang\b", r"\bsegala\b",
)  # fmt: skip
"""Everything, as an object: "everything you have read in this session"."""
