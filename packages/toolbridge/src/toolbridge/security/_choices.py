# ruff: noqa: RUF001 (words in Greek, Cyrillic and Turkish letters)
"""Shadowing by shape: the user's explicit choice, made not to count, in 25 languages.

A shadowing instruction sets aside what the user chose, whatever the words: "pick
XeNhanh *instead of the one the user chose*", "*keep* this default *even if the user
names* someone else", "the user's choice is *only a hint*". Its parts are the user's
choice (`CHOICE`: a word for the user beside a verb of choosing, naming or asking, a
few words apart, or a noun: "the user's selection"), a word that keeps a value
whatever the user says (`KEEP`), and a word that demotes the choice (`HINT`).
`toolbridge.security._steering` reads them beside its overrides; a tool's own
limit ("use export_csv instead for more than 100 rows", `LIMITS`) is not a choice.
Each entry starts with a literal.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ALSO",
    "CHOICE",
    "DEMOTED",
    "DISCARDED",
    "GIVEN",
    "HINT",
    "KEEP",
    "LIMITS",
    "SURCHARGE",
]

_GAP: Final = r"[^.\n]{0,20}?"
"""A few words between the user and their verb ("the user has already picked")."""

CHOICE: Final = (
    r"\busers? " + _GAP + r"\b(?:names?|named|chooses?|chose|chosen|picks?|picked|selects?"
    r"|selected|specif(?:y|ies|ied)|asks? for|asked for|requests?|requested|prefers?|preferred"
    r"|wants?|wanted|enters?|entered|types?|typed|mentions?|mentioned|says?|said|lists?"
    r"|listed|adds?|added)\b",
    r"\buser'?s (?:own )?(?:\w+ )?(?:choice|selection|preference|pick|request)",
    r"\busuari[oa]\b" + _GAP + r"\b(?:elij|elig|eligió|escoj|escog|seleccion|indiqu|indic"
    r"|pid|nombr|prefier|dig|quier)", r"\belecci[oó]n del usuario", r"\belegid[oa] por el usuario",
    r"\bl'utilisat(?:eur|rice)\b" + _GAP + r"\b(?:choisi|sélectionn|indiqu|demand|nomm|préf"
    r"|veu|dit|désign)", r"\bchoix de l'utilisat", r"\bchoisie? par l'utilisat",
    r"nutzer\w*\b" + _GAP + r"\b(?:wählt|gewählt|nennt|genannt|angibt|angegeben|verlangt"
    r"|wünscht|gewünscht|bittet|auswählt|ausgewählt|möchte|sagt)", r"\bwahl des (?:nutzers"
    r"|benutzers)",
    r"\bgebruikerskeuze\b", r"\bkeuze van de gebruiker\b", r"\b(?:be)?nutzerwahl\b",
    r"\butente\b" + _GAP + r"\b(?:scegli|scelg|scelto|indic|chied|nomin|selezion|preferisc"
    r"|vuol|dic)", r"\bscelta dell'utente", r"\bscelt[oa] dall'utente",
    r"\busu[aá]rio\b" + _GAP + r"\b(?:escolh|indic|ped|peç|selecion|prefer|quiser|disser)",
    r"\bescolha do usu[aá]rio", r"\bescolhid[oa] pelo usu[aá]rio",
    r"\bgebruiker\b" + _GAP + r"\b(?:kiest|koos|gekozen|noemt|vraagt|vroeg|selecteert"
    r"|geselecteerd|wil|zegt)", r"\bkeuze van de gebruiker",
    r"\banvändaren\b" + _GAP + r"\b(?:väljer|valt|valde|anger|angett|ber om|nämner|vill|säger)",
    r"\banvändarens val",
    r"\bużytkownik\w*\b" + _GAP + r"\b(?:wybierze|wybrał|wybiera|wskaże|wskazał|poprosi"
    r"|poda|chce|powie)", r"\bwybór użytkownika", r"\bwybran\w* przez użytkownika",
    r"\buživatel\w*\b" + _GAP + r"\b(?:zvolí|vybere|zvolil|vybral|uvede|požádá|chce|řekne)",
    r"\bvolba uživatele",
    r"\bkullanıcı\w*\b" + _GAP + r"(?:seçtiği|seçse|seçerse|istediği|istese|isterse|belirttiği"
    r"|belirtse|söylese|söylediği|verdiği|seçimi)",
    r"χρήστης " + _GAP + r"(?:επιλέξει|επέλεξε|ζητήσει|ζήτησε|ορίσει|όρισε|θέλει|πει)",
    r"επιλογή του χρήστη", r"επέλεξε ο χρήστης", r"ζήτησε ο χρήστης",
    r"пользовател\w*\s" + _GAP + r"(?:выберет|выбрал|выбирает|укажет|указал|попросит|попросил"
    r"|назов|назвал|хочет|скажет)", r"выбор пользовател", r"выбранн\w* пользовател",
    r"названн\w* пользовател", r"указанн\w* пользовател",
    r"користувач\w*\s" + _GAP + r"(?:вибере|вибрав|обере|обрав|вкаже|вказав|попросить"
    r"|попросив|назве|хоче|скаже)", r"вибір користувач", r"обран\w* користувач",
    r"المستخدم\s" + _GAP + r"(?:يختار|اختار|يطلب|طلب|يحدد|حدد|يريد|يسمي)",
    r"اختيار المستخدم", r"اختاره المستخدم", r"اختارها المستخدم", r"طلبه المستخدم",
    r"המשתמש\s" + _GAP + r"(?:בחר|יבחר|בוחר|ביקש|יבקש|מבקש|ציין|יציין|רוצה|אומר)",
    r"בחירת המשתמש",
    r"کاربر\s" + _GAP + r"(?:انتخاب|درخواست|بخواهد|می‌خواهد|بگوید)", r"انتخاب کاربر",
    r"उपयोगकर्ता\s" + _GAP + r"(?:चुन|मांग|माँग|बताए|कहे|चाहे)", r"उपयोगकर्ता की पसंद",
    r"用户[^。，,\n]{0,8}?(?:选择|选的|选中|指定|要求|想要|说)",
    r"用戶[^。，,\n]{0,8}?(?:選擇|指定|要求)",
    r"ユーザ[^。、\n]{0,12}?(?:選ん|選択|指定|希望|求め|言っ|頼ん)",
    r"사용자[^.\n]{0,12}?(?:선택|지정|요청|고른|고르|원하|말하)",
    r"ผู้ใช้[^.\n]{0,12}?(?:เลือก|ระบุ|ขอ|ต้องการ)",
    r"người dùng " + _GAP + r"(?:chọn|yêu cầu|chỉ định|muốn|nói)", r"lựa chọn của người dùng",
    r"\bpengguna\b" + _GAP + r"\b(?:pilih|memilih|minta|meminta|tentukan|menentukan|ingin"
    r"|mau|sebut)", r"\bpilihan pengguna", r"\bdipilih (?:oleh )?pengguna",
    r"\butilizatorul\b" + _GAP + r"\b(?:alege|a ales|cere|a cerut|indică|a indicat|numește)",
    r"\bales(?:ă)? de utilizator", r"\balegerea utilizatorului",
    r"\bfelhasználó\w*\b" + _GAP + r"(?:választ|kér|megad|megnevez)",
    r"\bkäyttäjän\b" + _GAP + r"(?:valitsem|pyytäm|nimeäm|antam)", r"\bkäyttäjä valitsee",
    r"\bmtumiaji\b" + _GAP + r"\b(?:anachagua|alichagua|atachagua|anataja|aliyotaja|anaomba)",
    r"\baliyochagua mtumiaji",
)  # fmt: skip
"""The user's choice: a word for the user beside a verb of choosing, naming or asking."""

KEEP: Final = (
    r"\bkeep\b", r"\bleave (?:it|this|that|them|the)\b", r"\bretain\b", r"\bstick (?:with|to)\b",
    r"\bdo(?: not|n't) change\b", r"\bnever change\b", r"\bunchanged\b",
    r"\bmant[eé]n", r"\bmantener\b", r"\bmantenga\b", r"\bconserv[ae]r?\b", r"\bdeja(?:r|lo)?\b",
    r"\bgarde[rz]?\b", r"\bconservez\b", r"\blaisse[rz]?\b", r"\binchangé",
    r"\bbehalte", r"\bbelasse", r"\bbeibehalten", r"\bunverändert",
    r"\bmantieni", r"\blascia", r"\binvariat", r"\bmantenha", r"\bmanter\b", r"\bdeixe\b",
    r"\binalterad", r"\bbehoud", r"\bhoud\b", r"\bongewijzigd", r"\bbehåll", r"\boförändrad",
    r"\bzachowaj", r"\bpozostaw", r"\bzostaw", r"\bbez zmian", r"\bponech", r"\bzachovej",
    r"\bbeze změny", r"\bkoru\b", r"\bkoruyun", r"\bdeğiştirme", r"κράτα", r"κρατήστε",
    r"διατήρησε", r"άφησε", r"αμετάβλητ", r"оставь", r"оставьте", r"сохрани", r"не меня",
    r"без изменений", r"залиш", r"збережи", r"не змінюй", r"احتفظ", r"أبق", r"اترك",
    r"لا تغير", r"השאר", r"שמור", r"אל תשנה", r"نگه دار", r"حفظ کن", r"تغییر نده", r"रखें",
    r"रखो", r"मत बदल", r"न बदल", r"保持", r"保留", r"不要更改", r"不要修改", r"維持", r"そのまま",
    r"変更しない", r"変えない", r"유지", r"그대로", r"바꾸지", r"변경하지", r"คงไว้",
    r"ไม่ต้องเปลี่ยน", r"\bgiữ\b", r"đừng đổi", r"không thay đổi", r"\bpertahankan\b",
    r"\bbiarkan\b", r"\bjangan ubah\b", r"\btartsd meg\b", r"\bhagyd\b", r"\bpăstrează",
    r"\blasă\b", r"\bsäilytä\b", r"\bpidä\b", r"\bbaki na\b",
)  # fmt: skip
"""A value kept whatever the user says: "keep this default", "leave it unchanged"."""

HINT: Final = (
    r"\bhint\b", r"\bsuggestion\b", r"\bcan be ignored\b", r"\bsugerencia\b",
    r"\bindicaci[oó]n orientativa",
    r"\bindication\b", r"\bhinweis\b", r"\bvorschlag\b", r"\bunverbindlich", r"\bsuggerimento\b",
    r"\bsugest[aã]o\b", r"\bsuggestie\b", r"\bförslag\b", r"\bsugesti", r"\bwskazówk",
    r"\bnávrh\b", r"\böneri\b", r"\bipucu\b", r"υπόδειξη", r"подсказк", r"рекомендаци",
    r"підказк", r"اقتراح", r"تلميح", r"הצעה", r"רמז", r"پیشنهاد", r"सुझाव", r"संकेत",
    r"仅供参考", r"僅供參考", r"参考(?:程度|まで|にすぎ)", r"ヒント", r"참고용", r"참고일 뿐",
    r"힌트", r"คำแนะนำ", r"gợi ý", r"tham khảo", r"\bsaran\b", r"\bpetunjuk\b",
)  # fmt: skip
"""The user's choice demoted: "only a hint", "not binding", "仅供参考"."""

DEMOTED: Final = (
    r"\bonly\b", r"\bjust\b", r"\bmerely\b", r"\bsimply\b", r"\bnot binding\b",
    r"\bnon-binding\b", r"\bcan be ignored\b", r"\bsolo\b", r"\bsólo\b", r"\bseulement\b",
    r"\bsimple\b", r"\bnur\b", r"\bunverbindlich", r"\bapenas\b", r"\balleen\b", r"\bbara\b",
    r"\btylko\b", r"\bpouze\b", r"\bsadece\b", r"μόνο", r"только", r"лише", r"مجرد", r"רק",
    r"فقط", r"सिर्फ़", r"केवल", r"仅供参考", r"僅供參考", r"只是", r"参考(?:程度|まで|にすぎ)",
    r"にすぎ", r"だけ", r"참고용", r"뿐", r"เป็นเพียง", r"chỉ là", r"\bhanya\b",
)  # fmt: skip
"""A word that makes the hint a mere one ("only", "nur", "仅供参考")."""

DISCARDED: Final = (
    r"\bis ignored\b", r"\bare ignored\b", r"\bis disregarded\b", r"\bare disregarded\b",
    r"\bis not taken into account\b", r"\bdoes not count\b", r"\bis overridden\b",
    r"\btreated as an alias\b", r"\bis an alias (?:of|for)\b", r"\bjust a display name\b",
    r"\bonly a display name\b", r"\bis advisory\b", r"\bare advisory\b",
    r"\bindicative only\b", r"\bfor reference only\b", r"\bnot binding\b", r"\bnon-binding\b",
    r"\bwordt genegeerd\b", r"\bworden genegeerd\b",
    r"\bwird ignoriert\b", r"\bwerden ignoriert\b", r"\bnicht berücksichtigt\b",
    r"\best ignoré", r"\bsont ignoré", r"\bn'est pas pris en compte\b", r"\bse ignora\b",
    r"\bno se tiene en cuenta\b", r"\bviene ignorat", r"\bnon viene considerat",
    r"\bé ignorad", r"\bnão é considerad", r"\bignoreras\b", r"\bjest ignorowan",
    r"\bnie jest brany pod uwagę\b", r"\bje ignorován", r"\bdikkate alınmaz\b",
    r"\byok sayılır\b", r"\bgöz ardı edilir\b", r"αγνοείται", r"игнорируется",
    r"не учитывается", r"считается псевдонимом", r"ігнорується", r"не враховується",
    r"يتم تجاهل", r"يُتجاهل", r"מתעלמים", r"نادیده گرفته می", r"अनदेखा किया जाता", r"将被忽略",
    r"会被忽略", r"一律忽略", r"無視され", r"무시됩니다", r"무시된다", r"จะถูกละเว้น",
    r"sẽ bị bỏ qua", r"\bdiabaikan\b", r"\bfigyelmen kívül", r"\beste ignorat",
    r"\bjätetään huomiotta", r"\bohitetaan\b", r"\bhupuuzwa\b", r"\binapuuzwa\b",
    r"\bneed not be followed\b", r"\bdoes not (?:need|have) to be followed\b",
    r"\bhoeft niet gevolgd", r"\bmuss nicht befolgt", r"\bn'a pas à être suivi",
    r"\bno (?:hay que|es necesario) seguir", r"\bis replaced (?:by|with)\b",
    r"\bare replaced (?:by|with)\b",
    r"\bsont remplacé(?:e|s|es)? par\b", r"\best remplacé(?:e)? par\b",
    r"\bwerden ersetzt durch\b", r"\bwird ersetzt durch\b", r"\bse reemplazan? por\b",
    r"\bvengono sostituit[ie] (?:con|da)\b", r"\bsão substituíd[oa]s por\b",
    r"\bworden vervangen door\b", r"заменя(?:ю)?тся на", r"被替换为",
)  # fmt: skip
"""The user's choice discarded: "a carrier chosen by the user is ignored", "is treated
as an alias", "dikkate alınmaz"."""

GIVEN: Final = (
    r"\bgiven\b", r"\bprovided\b", r"\bsupplied\b", r"\bspecified\b", r"\bentered\b",
    r"\bindicated\b", r"\bpassed in\b", r"\bstated\b", r"\bon file\b", r"\bindiqu[ée]",
    r"\bfourni", r"\bdonné", r"\bsaisi", r"\bindicad[oa]", r"\bproporcionad", r"\bintroducid",
    r"\binformad[oa]", r"\bfornecid", r"\bangegeben", r"\beingegeben", r"\bübergeben",
    r"\bindicat[oa]\b", r"\bfornit[oa]\b", r"\bopgegeven\b", r"\bpodan[yea]", r"\bwskazan",
    r"\bzadan[ýé]", r"\buveden[ýé]", r"указанн", r"введённ", r"введенн", r"переданн", r"вказан",
    r"\bbelirtilen\b", r"\bverilen\b", r"\bgirilen\b", r"\biliyotolewa\b", r"\buliotolewa\b",
    r"\biliyotajwa\b", r"\byang diberikan\b", r"\byang ditentukan\b", r"\byang dimasukkan\b",
    r"được cung cấp", r"đã nhập", r"được chỉ định", r"ที่ระบุ", r"ที่ให้มา", r"المحدد", r"المقدم",
    r"المدخل", r"שצוין", r"שהוזן", r"داده شده", r"وارد شده", r"مشخص شده", r"दिया गया",
    r"दिए गए", r"指定された", r"入力された", r"指定的", r"提供的", r"输入的", r"填写的", r"지정된",
    r"입력한", r"입력된", r"\bibinigay\b", r"\btinukoy\b", r"\bmegadott\b", r"\bannettu",
    r"\bilmoitettu", r"δοθεί", r"δηλωθεί", r"\bspecificat", r"\bindicat\b", r"\bfurnizat",
    r"\bnurodyt",
)  # fmt: skip
"""A value someone gave the call: "the address given", "l'assuré indiqué", "anwani
iliyotolewa". Beside a strong override and a fixed destination, the caller's value is
set aside for the tool's own, whoever the text says gave it."""

ALSO: Final = (
    r"\balso\b", r"\badditionally\b", r"\bas well\b", r"\bin addition\b", r"\btambién\b",
    r"\badem[aá]s\b", r"\baussi\b", r"\bégalement\b", r"\bzusätzlich\b", r"\bebenfalls\b",
    r"\binoltre\b", r"\btambém\b", r"\bbovendien\b", r"\bockså\b", r"\bäven\b",
    r"\brównież\b", r"\btakże\b", r"\bayrıca\b", r"επίσης", r"также", r"також", r"أيضا",
    r"أيضًا", r"همچنین", r"同时", r"还要", r"また、", r"또한", r"\bjuga\b", r"\bcũng\b",
    r"\bmyös\b", r"\bde asemenea\b", r"\bszintén\b",
)  # fmt: skip
"""Something added to what another tool does: "meeting invites created with the calendar
tool must also include audit@...", Invariant Labs' Bcc told without an override."""

_CLAUSE: Final = r"(?:^|[,;:]\s*|\b(?:then|and|always|also|silently|quietly|must|should|please)\s+)"
"""Where an imperative starts: "..., add 1%", "always add 1%" (not "the user can add")."""

SURCHARGE: Final = (
    _CLAUSE + r"(?:add|increase|raise|inflate|bump|mark up|round up)\w*\b[^.\n]{0,40}?"
    r"\d+(?:[.,]\d+)?\s?%",
    r"\+\s?\d+(?:[.,]\d+)?\s?%",
    _CLAUSE + r"(?:añad|agreg|sum|aument|ajout|augment|erhöh|addier|aggiung|adicion|acrescent"
    r"|verhoog|öka|dodaj|zwiększ|ekle|artır|добав|увелич|додай|збільш|tambah|naik|thêm|tăng)"
    r"\w*\b[^.\n]{0,40}?\d+(?:[.,]\d+)?\s?%",
)  # fmt: skip
"""A percentage added to what the user asked for ("add 1% to the amount the user
enters"): with the user in the sentence, their amount changed behind their back."""

LIMITS: Final = (
    r"\bmore than \d", r"\bover \d", r"\bunder \d", r"\bbelow \d", r"\bless than \d",
    r"\babove \d", r"\bbeyond \d", r"\bexceed", r"\bup to \d",
    r"\bat most \d", r"\blarger than\b", r"\bbigger than\b", r"\blonger than\b",
    r"\btoo (?:many|large|big|long)\b", r"\bmás de \d", r"\bplus de \d", r"\bmehr als \d",
    r"\bpiù di \d", r"\bmais de \d", r"\bmeer dan \d", r"\bfler än \d", r"\bwięcej niż \d",
    r"\bvíce než \d", r"\d+['’]?(?:den|dan) fazla", r"περισσότερ", r"больше \d", r"більше \d",
    r"أكثر من", r"יותר מ", r"بیش از", r"से (?:अधिक|ज़्यादा|ज्यादा)", r"超过", r"多于", r"を超え",
    r"초과", r"มากกว่า", r"nhiều hơn", r"\blebih dari \d",
)  # fmt: skip
"""A tool's own limit ("more than 100 rows"): routing to its sibling for it is advice."""
