# ruff: noqa: RUF001 (words in Greek, Cyrillic and Turkish letters)
"""Concept words in 50 languages: the small vocabularies `toolbridge.security._concepts` combines.

Each concept is a set of plain lowercase stems, not phrases: a stem matches where a
word starts (Latin, Cyrillic and Greek; anywhere in scripts written without spaces
or with clitics, such as Chinese, Japanese, Thai, Arabic, Hebrew and Devanagari), and
a stem ending in ``=`` matches a whole word only (``pin=``). A concept alone says
nothing; two or three in one sentence of one field are the shape of an ask or an
override, whatever the words between them.

Languages: English, Spanish, Catalan, French, German, Italian, Portuguese, Dutch,
Swedish, Danish, Norwegian, Icelandic, Finnish, Estonian, Latvian, Lithuanian, Polish,
Czech, Slovak, Slovenian, Hungarian, Romanian, Croatian and Serbian, Bulgarian,
Turkish, Greek, Russian, Ukrainian, Georgian, Arabic, Persian, Urdu, Hebrew, Hindi,
Bengali, Sinhala, Mongolian, Chinese, Japanese, Korean, Thai, Vietnamese, Indonesian
and Malay, Tagalog, Swahili and Yoruba; some concepts (the user, a tool, every) also
in Armenian, Albanian, Welsh, Irish, Basque, Tamil, Telugu, Khmer, Lao and Burmese.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ALL",
    "ANOTHER",
    "DEMOTED",
    "EARLIER",
    "INSTRUCTIONS",
    "ONLY",
    "OTHER_TOOL",
    "OVERRIDE",
    "PAGING",
    "PEOPLE",
    "PERSONAL",
    "PROMPTS",
    "QUANTIFIERS",
    "RECEIVED",
    "REPLACE",
    "REQUESTED",
    "ROUTES",
    "SECRETS",
    "SEEN",
    "STORED",
    "TALK",
    "TOOL",
    "USER",
    "WEAK_OVERRIDE",
    "YOU",
]

USER: Final = frozenset({
    "user", "users", "usuari", "usuári", "utilizador", "utilisat", "nutzer", "benutzer",
    "anwender", "utent", "gebruiker", "användar", "bruger", "bruker", "käyttäj", "użytkowni",
    "uživatel", "používateľ", "felhasználó", "utilizator", "korisnik", "kullanıcı", "χρήστ",
    "пользовател", "користувач", "потребител", "корисник", "مستخدم", "المستخدم", "کاربر",
    "صارف", "משתמש", "उपयोगकर्ता", "यूज़र", "यूजर", "ব্যবহারকারী", "用户", "用戶", "使用者",
    "ユーザ", "利用者", "사용자", "유저", "ผู้ใช้", "người dùng", "pengguna", "gumagamit",
    "mtumiaji", "watumiaji", "requester", "kasutaja", "lietotāj", "naudotoj", "uporabni",
    "notand", "përdorues", "მომხმარებ", "օգտատեր", "карыстальнік",
    "пайдаланушы", "istifadəçi", "foydalanuvchi", "хэрэглэгч", "प्रयोगकर्ता", "वापरकर्ता",
    "பயனர்", "వినియోగదారు", "ਵਰਤੋਂਕਾਰ", "વપરાશકર્તા", "ተጠቃሚ", "defnyddiw",
    "úsáideoir", "erabiltzaile", "utente", "អ្នកប្រើ", "ຜູ້ໃຊ້", "အသုံးပြုသူ",
    "පරිශීලක", "mai amfani", "olumulo", "umsebenzisi",
})  # fmt: skip
"""The person whose request or data is at stake."""

PEOPLE: Final = frozenset({
    # English
    "student", "pupil", "learner", "teacher", "parent", "guardian", "graduate", "applicant",
    "candidate", "customer", "client", "caller", "employee", "patient", "seller",
    "buyer", "driver", "traveller", "traveler", "passenger", "guest", "mentor", "instructor",
    "tutor", "citizen", "subscriber", "shopper", "player", "donor", "reader", "patron",
    "visitor", "requester", "volunteer",
    # Romance
    "estudiante", "alumn", "profesor", "padres", "solicitante", "paciente", "vendedor",
    "comprador", "conductor", "pasajero", "huésped", "étudiant", "élève", "enseignant",
    "professeur", "candidat", "vendeur", "acheteur", "passager", "studente", "insegnante",
    "genitor", "aluno", "professor", "responsável", "cliente", "elev",
    # Germanic, Nordic, Finnish
    "schüler", "lehrer", "eltern", "kunde", "kunden", "bewerber", "verkäufer", "käufer",
    "fahrer", "leerling", "docent", "ouder", "klant", "lärare", "förälder", "kund",
    "opiskelija", "oppilas", "opettaja", "vanhem", "asiakas", "hakija",
    # Slavic, Hungarian, Turkish, Greek
    "uczeń", "ucznia", "nauczyciel", "rodzic", "klient", "žák", "učitel", "rodič",
    "zákazník", "hallgató", "diák", "tanár", "szülő", "ügyfél", "öğrenci", "öğretmen",
    "veli", "müşteri", "başvuran", "φοιτητ", "μαθητ", "καθηγητ", "δάσκαλ", "γονε", "γονι",
    "πελάτ", "студент", "учени", "учител", "родител", "клиент", "заявител", "учн", "вчител",
    "батьк", "клієнт", "učenik", "nastavnik", "roditelj", "ученик", "наставник",
    # Arabic, Persian, Hebrew, Hindi, Bengali, Urdu
    "طالب", "الطالب", "معلم", "المعلم", "ولي الأمر", "الخريج", "العميل", "دانشجو",
    "دانش‌آموز", "والدین", "مشتری", "תלמיד", "סטודנט", "מורה", "הורה", "לקוח", "छात्र",
    "शिक्षक", "अभिभावक", "माता-पिता", "ग्राहक", "ছাত্র", "শিক্ষক", "অভিভাবক", "طالب علم",
    # CJK, Thai, Vietnamese, Indonesian and Malay, Swahili, Filipino
    "学生", "老师", "教师", "家长", "客户", "顾客", "顧客", "申请人", "生徒", "先生", "教員",
    "保護者", "お客様", "학생", "교사", "선생님", "학부모", "고객", "นักเรียน", "นักศึกษา",
    "ครู", "ผู้ปกครอง", "ลูกค้า", "học sinh", "sinh viên", "giáo viên", "phụ huynh",
    "khách hàng", "siswa", "mahasiswa", "murid", "guru", "orang tua", "wali kelas",
    "pelanggan", "pelajar", "ibu bapa", "mwanafunzi", "mwalimu", "mzazi", "mteja",
    "estudyante", "guro", "magulang",
})  # fmt: skip
"""Whoever fills a tool's form besides "the user": a student, a teacher, a parent, a
customer, a patient. Read only beside a word of asking or choosing, for an override:
"whatever school the parent enters", "Ανεξάρτητα από το τι ζητά ο φοιτητής"."""

REQUESTED: Final = frozenset({
    # English
    "asks", "asked", "requests=", "requested", "wants", "wanted", "chose", "choos", "chosen",
    "selected", "selects", "picked", "picks", "prefers", "preferred", "typed", "said", "says",
    "gave", "names=", "named", "entered", "mentioned", "specifies", "specified by the",
    "invites", "invited", "types", "uploads",
    # Spanish, Catalan, Portuguese
    "pid", "solicit", "eligi", "elij", "escog", "seleccion", "indiqu", "indic", "especific",
    "escrib", "proporcion", "quier", "demana", "tria=", "escolh", "selecion", "inform",
    "digit", "pedi", "quer",
    # French, Italian
    "demand", "choisi", "sélectionn", "précis", "saisi", "fourni", "souhait", "veut",
    "richiest", "chied", "scel", "selezion", "specific", "inserit", "vuole", "desider",
    # German, Dutch, Scandinavian, Finnish
    "gewünscht", "wünsch", "gewählt", "wählt", "angegeben", "angibt", "ausgewählt", "verlangt",
    "nennt", "eingegeben", "eingaben", "gevraagd", "vraagt", "gekozen", "kiest", "geselecteerd",
    "opgegeven", "ingevoerd", "noemt", "begär", "valt", "väljer", "vald", "angivit", "anger",
    "angett", "vælger", "valgt", "velger", "ønsk", "pyytä", "pyytää", "valits", "antama",
    # Polish, Czech, Slovak, Hungarian, Romanian, Croatian
    "wybra", "wybier", "wskaz", "poda", "żąda", "prosi", "chce", "zvoli", "vybra", "zada",
    "požad", "uved", "zvolí", "kér", "választ", "megad", "kiválaszt", "szeretn",
    "cere", "solicită", "ales", "aleg", "selectat", "specificat", "introdus", "indicat",
    "odabra", "izabra", "zatraž", "traži", "navede",
    # Turkish, Greek
    "iste", "seçti", "seçtiği", "seçeceği", "seç", "belirt", "girdiği", "verdiği", "talep",
    "ζητ", "επέλεξ", "επιλέ", "επιλογ", "δηλώσ", "ορίσ", "καθορίσ",
    # Russian, Ukrainian, Bulgarian, Serbian
    "запрос", "прос", "выбр", "выбер", "указ", "ввёл", "ввел", "введ", "назва", "назов",
    "пожелан", "хочет", "запит", "обра", "обер", "вибра", "вибер", "вказ", "зазнач", "ввів",
    "хоче", "поиска", "избра", "посоч", "изабра", "одабра", "тражи", "наведе",
    # Arabic, Persian, Urdu, Hebrew
    "يطلب", "طلب", "اختار", "اختيار", "يختار", "يحدد", "حدد", "أدخل", "يريد", "أراد",
    "درخواست", "انتخاب", "تعیین", "وارد کرد", "بخواهد", "خواست", "مشخص",
    "منتخب", "چاہ", "מבקש", "ביקש", "בחר", "בחירת", "ציין", "הזין", "רוצה",
    # Hindi, Bengali
    "मांग", "माँग", "चुन", "चयन", "अनुरोध", "बताए", "बताया", "दर्ज", "चाह", "চায়", "বেছে",
    # Chinese, Japanese, Korean
    "要求", "请求", "請求", "选择", "選擇", "选定", "選定", "指定", "输入", "輸入", "所选",
    "所選", "想要", "选的", "選的", "選択", "選ん", "希望", "依頼", "求め", "入力",
    "요청", "선택", "지정", "입력", "원하", "고른", "요구", "골라",
    # Thai, Vietnamese, Indonesian, Tagalog, Swahili
    "ขอ", "เลือก", "ระบุ", "ต้องการ", "กรอก", "yêu cầu", "chọn", "chỉ định", "nhập", "muốn",
    "đưa ra", "minta", "pilih", "tentukan", "menentukan", "masukkan", "ingin", "hiling",
    "pinili", "piliin", "gusto", "omba", "chagua", "chagu", "taja", "anataka",
    # gives, enters, states
    "gives", "נותן", "נותנת", "מזין", "מזינה", "בוחר", "בוחרת", "מציין", "מציינת", "يعطي",
    "يقدمه", "می‌دهد", "میدهد", "даёт", "дает", "дає", "δίνει", "देता", "देती", "给出",
    "提供的", "渡した", "제공한", "berikan", "memberi",
    # Estonian, Icelandic, Latvian, Lithuanian, Slovenian, Georgian, Sinhala, Mongolian,
    # Yoruba, Bengali, Urdu, Bulgarian, Slovak, Catalan, Serbian
    "valis=", "valib", "küsi", "soovi", "nimeta", "sisesta", "velur", "valdi", "biður", "nefnir",
    "აირჩი", "ითხოვ", "მიუთით", "තෝරා", "ඉල්ල", "сонго", "хүс", "зааж", "yàn", "béèrè",
    "অনুরোধ", "کہے", "vyberie", "vybral", "zadá", "izvēl", "pieprasa", "norāda",
    "pasirink", "prašo", "nurodo", "izbere", "izbral", "zahteva", "indica",
})  # fmt: skip
"""What someone asked for, chose or named: the choice an override sets aside."""

OVERRIDE: Final = frozenset({
    # English
    "regardless", "irrespective", "no matter", "whatever", "whichever", "whoever",
    "even if", "even when", "even though", "instead", "rather than", "in place of",
    "ignor", "disregard", "overrid", "overrul", "supersed", "replace", "substitut", "swap",
    "only a hint", "just a hint", "only a suggestion", "just a suggestion", "merely",
    "advisory", "indicative", "not binding", "non-binding", "takes precedence",
    "treated as", "treat it as", "treat them as", "alias of", "alias for", "never mind",
    "doesn't matter", "does not matter", "in any case", "in all cases", "in every case",
    "always use", "always set", "always send", "always route", "always pick", "always choose",
    "in lieu of",
    # Spanish, Catalan, Portuguese
    "sin importar", "independientemente", "independentment", "independentemente",
    "pida lo que pida", "diga lo que diga", "elija lo que elija", "quiera lo que quiera",
    "no importa", "não importa", "sea cual sea", "seja qual for", "cualquiera que",
    "qualquer que", "lo que sea", "incluso si", "aunque", "encara que", "mesmo que",
    "mesmo se", "en lugar de", "en vez de", "en lloc de", "em vez de", "ao invés",
    "no lugar de", "caso omiso", "sustitu", "substitu", "reemplaz", "solo una sugerencia",
    "solo orientativ", "meramente", "a título indicativo", "apenas uma sugestão",
    "apenas indicativ", "se trata como", "tratad", "prevalece",
    # French, Italian
    "peu importe", "quel que soit", "quelle que soit", "quels que soient",
    "quelles que soient", "quoi que", "indépendamment", "même si", "au lieu", "plutôt que",
    "à la place", "remplac", "simple suggestion", "à titre indicatif", "traité comme",
    "traitée comme", "considéré comme", "considérée comme", "indipendentemente",
    "a prescindere", "non importa", "qualunque", "anche se", "invece", "al posto",
    "anziché", "piuttosto che", "sostitu", "rimpiazz", "solo un suggerimento", "indicativ",
    "trattat", "considerat come", "prevale",
    # German, Dutch, Scandinavian, Finnish
    "unabhängig", "egal", "gleichgültig", "selbst wenn", "auch wenn", "sogar wenn",
    "statt", "anstatt", "anstelle", "stattdessen", "ersetz", "überschreib",
    "nur ein hinweis", "nur eine empfehlung", "unverbindlich", "lediglich", "behandelt als",
    "gilt als", "vorrang", "wie auch immer", "was auch immer", "ungeachtet", "ongeacht",
    "hoe dan ook", "ook vraagt", "ook kiest", "ook wil", "ook opgeeft", "ook invult",
    "zelfs als", "in plaats van", "negeer", "vervang", "overschrijf", "slechts een",
    "alleen een hint", "indicatief", "vrijblijvend", "behandeld als", "beschouwd als",
    "voorrang", "oavsett", "oberoende", "även om", "i stället för", "istället för",
    "ersätt", "bara ett förslag", "vägledande", "behandlas som", "uanset", "selv om",
    "selvom", "i stedet for", "istedenfor", "erstat", "vejledende", "veiledende",
    "behandles som", "riippumatta", "vaikka", "sen sijaan", "asemesta", "sijasta",
    "jätä huomiotta", "ohita", "korvaa", "vain ehdotus", "suuntaa-antava", "ohjeellinen",
    # Polish, Czech, Slovak, Hungarian, Romanian, Croatian, Serbian
    "niezależnie", "bez względu", "obojętnie", "nawet jeśli", "nawet gdy", "zamiast",
    "zignoruj", "pomiń", "zastąp", "zamień", "tylko sugesti", "jedynie sugesti",
    "orientacyjn", "poglądow", "traktowan", "traktuj", "cokolwiek", "bez ohledu",
    "bez ohľadu", "nezávisle", "ať už", "i když", "i kdyby", "aj keď", "namísto",
    "namiesto", "místo", "nahraď", "pouze návrh", "jen návrh", "iba návrh", "orientační",
    "orientačn", "považ", "függetlenül", "akkor is", "még ha", "helyett", "figyelmen kívül",
    "cseréld", "felülír", "csak javaslat", "csak tájékoztató", "tájékoztató jellegű",
    "irányadó", "bármit", "bármelyik", "indiferent", "oricare", "orice ar", "chiar dacă",
    "în loc de", "în locul", "înlocui", "doar o sugestie", "orientativ", "cu titlu informativ",
    "tratat ca", "bez obzira", "čak i ako", "umjesto", "umesto", "zanemari", "zamijeni",
    "zameni", "samo prijedlog", "samo predlog",
    # Turkish, Greek
    "ne olursa olsun", "bile=", "ne isterse", "fark etmeksizin", "bakılmaksızın", "rağmen",
    "olsa bile", "bile olsa", "yerine", "yok say", "görmezden", "dikkate alma",
    "dikkate alınmaz", "sadece bir öneri", "yalnızca öneri", "bilgi amaçlı", "olarak kabul",
    "olarak değerlendir", "ανεξάρτητα", "ανεξαρτήτως", "ό,τι κι αν", "οτιδήποτε",
    "ακόμη κι αν", "κι αν", "ακόμα και αν", "ακόμα κι αν", "ακόμη και αν", "αντί", "αγνόησ",
    "αγνοεί", "αγνοούν", "αντικαταστ", "αντικατάστ", "μόνο ενδεικτικ", "ενδεικτικ",
    "απλή πρόταση", "θεωρείται", "αντιμετωπίζεται ως",
    # Russian, Ukrainian, Bulgarian, Serbian
    "независимо", "неважно", "не важно", "что бы ни", "какой бы ни", "какую бы ни",
    "какое бы ни", "даже если", "вместо", "игнорир", "не учитыва", "замени", "заменя",
    "подмен", "лишь подсказк", "только подсказк", "лишь рекомендац", "только рекомендац",
    "ориентировочн", "считается", "считать", "рассматрива", "псевдоним", "в любом случае",
    "незалежно", "байдуже", "неважливо", "що б не", "навіть якщо", "замість", "ігнору",
    "не врахову", "заміню", "замінюй", "лише підказк", "лише рекомендац", "орієнтовн",
    "вважається", "вважати", "у будь-якому разі", "дори ако", "без значение",
    "игнорира", "без обзира", "чак и ако", "уместо", "игнориши",
    # Arabic, Persian, Urdu, Hebrew
    "بغض النظر", "مهما", "حتى لو", "حتى وإن", "حتى إن", "بدلا من", "بدلاً من", "عوضا عن",
    "عوضاً عن", "تجاهل", "يتجاهل", "يُتجاهل", "استبدل", "استبدال", "مجرد اقتراح",
    "مجرد تلميح", "إرشادي", "استرشادي", "للاسترشاد", "يعامل ك", "يُعامل ك", "يعتبر",
    "يُعتبر", "في كل الأحوال", "في جميع الأحوال", "أيا كان", "أياً كان", "صرف نظر",
    "صرف‌نظر", "بدون توجه", "بی‌توجه", "هر چه", "هرچه", "حتی اگر", "به جای", "بجای",
    "به‌جای", "نادیده", "جایگزین", "فقط یک پیشنهاد", "صرفاً", "صرفا", "تلقی", "در هر صورت",
    "چاہے", "کے باوجود", "کے بجائے", "کی بجائے", "نظرانداز", "בלי קשר", "ללא קשר",
    "לא משנה", "גם אם", "אפילו אם", "במקום", "התעלם", "מתעלמ", "להחליף", "החלף", "רק הצעה",
    "רק רמז", "לידיעה בלבד", "נחשב", "יטופל כ", "בכל מקרה",
    # Hindi, Bengali
    "चाहे", "भले ही", "बावजूद", "के बजाय", "की बजाय", "के स्थान पर", "की जगह", "के बदले",
    "अनदेखा", "नज़रअंदाज़", "नजरअंदाज", "केवल सुझाव", "सिर्फ सुझाव", "सांकेतिक", "माना जाए",
    "माना जाता", "किसी भी हालत", "हर हाल", "যাই হোক", "নির্বিশেষে", "এমনকি যদি", "পরিবর্তে",
    "উপেক্ষা",
    # Chinese, Japanese, Korean
    "无论", "無論", "不管", "不论", "不論", "即使", "即便", "哪怕", "就算", "而不是", "而非",
    "代替", "替换", "替換", "取代", "改为", "改為", "改用", "忽略", "无视", "無視", "仅供参考",
    "僅供參考", "仅作参考", "只是建议", "仅为建议", "只是提示", "视为", "視為", "当作", "當作",
    "一律", "関係なく", "かかわらず", "関わらず", "代わりに", "ではなく", "じゃなく",
    "置き換え", "差し替え", "参考程度", "参考まで", "目安", "過ぎない", "すぎない", "とみなし",
    "と見なし", "として扱", "상관없이", "관계없이", "무관하게", "불구하고", "더라도", "대신",
    "무시", "대체", "교체", "참고용", "참고일 뿐", "참고만", "힌트일 뿐", "제안일 뿐", "간주",
    "취급",
    # Thai, Vietnamese, Indonesian, Tagalog, Swahili
    "ไม่ว่า", "แม้ว่า", "ถึงแม้", "แม้จะ", "แม้", "แทนที่", "แทน", "เพิกเฉย", "ละเว้น", "ไม่ต้องสนใจ",
    "ไม่สนใจ", "เปลี่ยนเป็น", "แค่คำแนะนำ", "เป็นเพียง", "ถือว่า", "bất kể", "cho dù",
    "dù ", "mặc dù", "ngay cả khi", "kể cả khi", "thay vì", "thay cho", "thay bằng",
    "thay thế", "bỏ qua", "phớt lờ", "chỉ là gợi ý", "chỉ mang tính", "tham khảo",
    "coi như", "coi là", "xem như", "được xem là", "terlepas", "apa pun", "apapun",
    "meskipun", "walaupun", "bahkan jika", "sekalipun", "alih-alih", "sebagai ganti",
    "abaikan", "diabaikan", "gantikan", "hanya saran", "hanya petunjuk", "sekadar",
    "dianggap", "diperlakukan sebagai", "kahit ano", "kahit na", "anuman", "sa halip",
    "balewalain", "huwag pansinin", "palitan", "bila kujali", "hata kama", "badala ya",
    "puuza", "ipuuze", "pendekezo tu", "mwongozo tu", "huchukuliwa kama", "vyovyote",
    # Estonian, Icelandic, Latvian, Lithuanian, Slovenian, Georgian, Sinhala, Mongolian,
    # Yoruba, Bengali, Urdu, Bulgarian, Slovak, Catalan, Serbian
    "olenemata", "sõltumata", "isegi kui", "asemel", "ignoreeri", "eira", "ainult vihje",
    "óháð", "burtséð frá", "jafnvel þótt", "í stað", "hunsa", "aðeins ábending", "მიუხედავად",
    "თუნდაც", "ნაცვლად", "უგულებელყ", "იგნორ", "නොසලකා", "වෙනුවට", "වුවද", "үл хамааран",
    "хэдий ч", "оронд", "үл тоо", "láìka", "dípò", "fojú fo", "উপেক্ষা করুন", "نظر انداز",
    "بجائے", "ignoruj", "ignora", "malgrat", "neatkarīgi", "pat ja", "vietā", "ignorē",
    "nepaisant", "net jei", "vietoj", "ignoruok", "ne glede na", "tudi če", "namesto", "prezri",
    "ignoriraj",
})  # fmt: skip
"""Words that set a choice aside: despite it, in its place, ignored, demoted, redefined."""

REPLACE: Final = frozenset({
    "instead", "rather than", "in place of", "in lieu of", "replace", "en lugar de", "en vez de",
    "en lloc de", "em vez de", "ao invés", "no lugar de", "au lieu", "plutôt que",
    "à la place", "remplac", "invece", "al posto", "anziché", "piuttosto che", "statt",
    "anstatt", "anstelle", "stattdessen", "ersetz", "in plaats van", "vervang",
    "i stället för", "istället för", "ersätt", "i stedet for", "istedenfor", "erstat",
    "sen sijaan", "asemesta", "sijasta", "korvaa", "zamiast", "zastąp", "zamień", "místo",
    "namísto", "namiesto", "nahraď", "helyett", "cseréld", "în loc de", "în locul",
    "înlocui", "umjesto", "umesto", "zamijeni", "zameni", "yerine", "αντί", "αντικαταστ",
    "αντικατάστ", "вместо", "замени", "заменя", "подмен", "замість", "заміню", "замінюй",
    "уместо", "بدلا من", "بدلاً من", "عوضا عن", "عوضاً عن", "استبدل", "استبدال", "به جای",
    "بجای", "به‌جای", "جایگزین", "کے بجائے", "کی بجائے", "במקום", "להחליף", "החלף",
    "के बजाय", "की बजाय", "के स्थान पर", "की जगह", "के बदले", "পরিবর্তে", "而不是", "而非",
    "代替", "替换", "替換", "取代", "改为", "改為", "改用", "代わりに", "ではなく", "じゃなく",
    "置き換え", "差し替え", "대신", "대체", "교체", "แทนที่", "แทน", "เปลี่ยนเป็น", "thay vì",
    "thay cho", "thay bằng", "thay thế", "alih-alih", "sebagai ganti", "gantikan",
    "sa halip", "palitan", "badala ya",
    # Estonian, Icelandic, Latvian, Lithuanian, Slovenian, Georgian, Sinhala, Mongolian,
    # Yoruba, Bengali, Urdu, Bulgarian, Slovak, Catalan, Serbian
    "asemel", "í stað", "ნაცვლად", "වෙනුවට", "оронд", "dípò", "بجائے", "vietā", "vietoj",
    "namesto",
})  # fmt: skip
"""Overrides that put one thing in another's place: by themselves, everyday documentation
("instead of polling, the user chooses a webhook"), so they need a fixed value or
another tool as what is put in place."""

WEAK_OVERRIDE: Final = frozenset({
    "always", "every time", "whenever", "siempre", "sempre", "toujours", "immer", "stets",
    "altijd", "alltid", "altid", "aina", "zawsze", "vždy", "mindig", "mereu", "întotdeauna",
    "uvijek", "uvek", "her zaman", "daima", "πάντα", "всегда", "завжди", "винаги", "увек",
    "دائما", "دائماً", "همیشه", "ہمیشہ", "תמיד", "हमेशा", "সবসময়", "总是", "總是", "始终",
    "始終", "常に", "必ず", "항상", "언제나", "반드시", "เสมอ", "ทุกครั้ง", "luôn", "selalu",
    "senantiasa", "palagi", "kila mara", "siku zote", "by default", "alias",
})  # fmt: skip
"""Rules with no choice named: an override only beside a fixed destination."""

ROUTES: Final = frozenset({
    # English
    "recipient", "payee", "beneficiar", "destination", "account", "wallet", "iban", "swift",
    "routing number", "bank", "endpoint", "webhook", "email", "e-mail", "phone", "registry",
    "mirror", "remote", "repositor", "branch", "bucket", "folder", "directory", "path",
    "channel", "model", "provider", "vendor", "supplier", "carrier", "airline", "merchant",
    "seller", "printer", "region", "server", "host", "attendee", "invitee", "assignee",
    "reviewer", "cc=", "bcc", "visibility", "amount", "price", "fare", "fee", "tip=", "currency",
    "address", "sender", "payment", "card", "package index", "index url", "upstream",
    "preamble", "system prompt", "group=", "grupo=", "groupe=", "gruppo=", "gruppe=",
    "in copia", "en copie", "en copia", "em cópia", "in kopie",
    # Romance
    "destinatari", "beneficiari", "cuenta", "cartera", "billetera", "monedero", "dirección",
    "correo", "teléfono", "registro", "carpeta", "ruta", "canal", "modelo", "proveedor",
    "importe", "monto", "precio", "tarifa", "remitente", "tarjeta", "compte", "portefeuille",
    "adresse", "courriel", "téléphone", "registre", "dossier", "chemin", "modèle",
    "fournisseur", "transporteur", "montant", "prix", "expéditeur", "carte", "conto",
    "portafoglio", "indirizzo", "telefono", "cartella", "percorso", "modello", "fornitore",
    "corriere", "importo", "prezzo", "mittente", "carta", "conta=", "carteira", "endereço",
    "telefone", "pasta", "caminho", "fornecedor", "transportadora", "valor", "preço",
    "remetente", "cartão", "destinatar", "cont ", "portofel", "adresă", "furnizor", "sumă",
    # Germanic, Finnish
    "empfänger", "konto", "telefon", "registr", "ordner", "pfad",
    "kanal", "modell", "anbieter", "lieferant", "spediteur", "betrag", "preis", "absender",
    "karte", "ontvanger", "rekening", "portemonnee", "adres", "telefoon", "pad=",
    "leverancier", "bedrag", "prijs", "afzender", "mottagare", "mottaker", "modtager",
    "sökväg", "mapp", "leverantör", "belopp", "pris=", "vastaanottaj", "tili", "osoite",
    "kansio", "polku", "malli", "toimittaja", "summa", "hinta",
    # Slavic, Hungarian, Turkish, Greek
    "odbiorc", "adresat", "portfel", "ścieżk", "kanał", "dostawc",
    "przewoźnik", "kwot", "cena", "ceny", "cenę", "příjemce", "účet", "peněženk", "cesta", "složk",
    "dodavatel",
    "částk", "címzett", "számla", "tárca", "cím", "mappa", "útvonal", "szolgáltató",
    "összeg", "ár=", "alıcı", "hesap", "cüzdan", "klasör", "yol=", "sağlayıcı",
    "tedarikçi", "tutar", "fiyat", "gönderen", "παραλήπτ", "λογαριασμ", "πορτοφόλι",
    "διεύθυνσ", "φάκελ", "διαδρομ", "πάροχ", "προμηθευτ", "ποσό", "τιμή", "получател",
    "счёт", "счет", "кошел", "адрес", "папк", "путь", "канал", "модел", "поставщик",
    "перевозчик", "сумм", "цен", "отправител", "одержувач", "рахун", "гаманець", "шлях",
    "постачальник", "перевізник", "ціна", "класс", "клас",
    # Arabic, Persian, Hebrew, Hindi
    "مستلم", "المستلم", "المستفيد", "حساب", "محفظة", "عنوان", "بريد", "هاتف", "مسار", "مجلد",
    "قناة", "نموذج", "مزود", "مورد", "مبلغ", "سعر", "گیرنده", "ذینفع", "کیف پول", "نشانی",
    "ایمیل", "تلفن", "پوشه", "مسیر", "کانال", "مدل", "تامین", "تأمین", "قیمت",
    "נמען", "מוטב", "חשבון", "ארנק", "כתובת", "טלפון", "תיקייה", "נתיב", "ערוץ", "מודל",
    "ספק", "סכום", "מחיר", "प्राप्तकर्ता", "लाभार्थी", "खाता", "वॉलेट", "पता", "फ़ोन", "फोन",
    "फ़ोल्डर", "पथ", "चैनल", "मॉडल", "प्रदाता", "राशि", "कीमत",
    # CJK, Thai, Vietnamese, Indonesian, Swahili
    "收款", "收件人", "账户", "帳戶", "账号", "帳號", "钱包", "錢包", "地址", "邮箱", "電郵",
    "电话", "電話", "仓库", "倉庫", "镜像", "目录", "目錄", "路径", "路徑", "频道", "頻道",
    "模型", "供应商", "供應商", "承运", "金额", "金額", "价格", "價格", "宛先", "受取人",
    "口座", "ウォレット", "アドレス", "リポジトリ", "レジストリ", "フォルダ", "パス", "チャンネル",
    "モデル", "業者", "価格", "수신자", "받는 사람", "수취인", "계좌", "지갑", "주소",
    "전화", "저장소", "레지스트리", "폴더", "경로", "채널", "모델", "공급", "금액", "가격",
    "ผู้รับ", "บัญชี", "กระเป๋าเงิน", "ที่อยู่", "โทรศัพท์", "โฟลเดอร์", "เส้นทาง", "ช่อง",
    "โมเดล", "ผู้ให้บริการ", "จำนวนเงิน", "ราคา", "người nhận", "tài khoản", "ví ", "địa chỉ",
    "điện thoại", "thư mục", "đường dẫn", "kênh", "mô hình", "nhà cung cấp", "hãng",
    "số tiền", "giá", "hạng", "penerima", "dompet", "alamat", "telepon",
    "direktori", "jalur", "saluran", "penyedia", "pemasok", "jumlah", "harga", "kelas",
    "mpokeaji", "akaunti", "pochi", "anwani", "simu=", "njia", "mtoa huduma", "kiasi",
    # Estonian, Icelandic, Latvian, Lithuanian, Slovenian, Georgian, Sinhala, Mongolian,
    # Yoruba, Bengali, Urdu, Bulgarian, Slovak, Catalan, Serbian
    "aadress", "kaust", "reikning", "netfang", "ანგარიშ", "მისამართ", "konts", "adrese",
    "sąskait", "račun", "naslov", "сметка", "данс", "хаяг", "ගිණුම", "ලිපිනය", "অ্যাকাউন্ট",
    "ঠিকানা", "اکاؤنٹ", "پتہ", "adreça",
    # a printer, a card: where a job or a payment goes
    "drucker", "imprimante", "impresora", "stampante", "impressora", "skrivare", "tulostin",
    "drukark", "tiskárn", "принтер", "プリンタ", "打印机", "印表機", "프린터", "カード", "卡号",
    "카드", "บัตร", "thẻ", "kartu", "karta", "карт", "بطاقة", "כרטיס", "कार्ड",
})  # fmt: skip
"""Things an override can redirect: where data or money goes, who gets it, what serves it."""

TOOL: Final = frozenset({
    "tool", "function", "herramienta", "eina", "ferramenta", "outil", "werkzeug",
    "strument", "gereedschap", "verktyg", "værktøj", "verktøy", "työkalu", "tööriist",
    "rīk", "įranki", "orodj", "mjet", "narzędzi", "nástroj", "eszköz", "instrument", "alat",
    "araç", "aracı", "εργαλεί", "инструмент", "інструмент", "алат", "أداة", "الأداة",
    "أدوات", "ابزار", "آلہ", "ٹول", "כלי", "टूल", "उपकरण", "টুল", "工具", "ツール", "도구", "툴",
    "เครื่องมือ", "công cụ", "zana", "kasangkapan", "ხელსაწყო", "ინსტრუმენტ", "գործիք",
    "tresna", "offeryn", "uirlis", "алатка", "прылад", "құрал", "vosit",
    "साधन", "கருவி", "సాధనం", "ਟੂਲ", "ટૂલ", "መሳሪያ", "ឧបករណ៍", "ເຄື່ອງມື", "ကိရိယာ", "මෙවලම",
    "kayan aiki", "irinṣẹ", "ithuluzi", "tól",
})  # fmt: skip
"""A tool: what a shadowing text tells the model to use otherwise."""

OTHER_TOOL: Final = frozenset({
    "other tool", "another tool", "any tool", "every tool", "all tools", "other server",
    "another server", "whichever server", "whatever server", "whichever connector",
    "of the other server", "the other server's", "any tool from", "every tool from",
    "anderen servers", "anderer server", "de l'autre serveur", "d'un autre serveur",
    "del otro servidor", "de otro servidor", "dell'altro server", "di un altro server",
    "do outro servidor", "de outro servidor",
    "otra herramienta", "otras herramientas", "outra ferramenta",
    "autre outil", "autres outils", "anderen tool", "anderes tool", "anderen werkzeug",
    "altro strumento", "altri strumenti", "ander hulpmiddel", "andere tool", "annat verktyg",
    "innego narzędzia", "inne narzędzia", "jiný nástroj", "jiného nástroje", "másik eszköz",
    "alt instrument", "başka bir araç", "diğer araç", "άλλο εργαλείο", "άλλα εργαλεία",
    "другой инструмент", "другого инструмента", "другие инструменты", "інший інструмент",
    "іншого інструмента", "أداة أخرى", "الأدوات الأخرى", "ابزار دیگر", "כלי אחר",
    "दूसरे टूल", "अन्य टूल", "其他工具", "其它工具", "别的工具", "他のツール", "別のツール",
    "다른 도구", "다른 툴", "เครื่องมืออื่น", "công cụ khác", "alat lain", "zana nyingine",
})  # fmt: skip
"""Another tool than this one."""

STORED: Final = frozenset({
    "saved", "stored", "on file", "remembered", "gespeichert", "hinterlegt", "enregistré",
    "mémorisé", "guardad", "almacenad", "memorizzat", "salvat", "armazenad", "opgeslagen",
    "sparad", "lagret", "gemt", "tallennet", "zapisan", "uložen", "mentett", "kaydedil",
    "сохранённ", "сохраненн", "збережен", "محفوظ", "ذخیره", "שמור", "सहेज", "保存", "已保存",
    "저장된", "บันทึกไว้", "đã lưu", "tersimpan",
})  # fmt: skip
"""Saved, stored, on file: secrets kept somewhere the model can reach (a browser, a wallet)."""

ANOTHER: Final = frozenset({
    "other", "another", "otro", "otra", "otros", "otras", "altre", "outro", "outra", "outros",
    "outras", "autre", "autres", "andere", "anderen", "anderer", "anderes", "altro", "altra",
    "altri", "ander", "annan", "annat", "andra", "anden", "andet", "andre", "muu",
    "muut", "muiden", "inne", "innego", "innych", "inny", "jiný", "jiné", "jiných", "másik",
    "más ", "alt ", "alte", "altă", "drug", "diğer", "başka", "άλλ", "друг", "інш", "الأخرى",
    "أخرى", "آخر", "دیگر", "אחר", "אחרים", "אחרת", "अन्य", "दूसर", "他の", "別の", "其他", "其它",
    "别的", "別的", "다른", "อื่น", "khác", "lain", "nyingine", "ibang", "iba pang",
})  # fmt: skip
"""Other, another: beside a tool word, tools that are not this one ("the other database
tools", "andere Werkzeuge", "altri strumenti")."""

QUANTIFIERS: Final = frozenset({
    "every", "any", "all", "each", "whichever", "todo", "toda", "todos", "todas",
    "cualquier", "cada", "tout", "toute", "tous", "toutes", "chaque", "n'importe quel",
    "jede", "jeder", "jedes", "jeden", "alle", "beliebig", "ogni", "qualsiasi", "qualunque",
    "qualsevol", "tutti", "tutte", "qualquer", "elk", "elke", "ieder", "varje", "vilket", "hvert",
    "hver", "ethvert", "enhver", "jokainen", "jokaise", "kaikki", "kaikkiin", "mikä tahansa",
    "mille tahansa", "iga", "kõik", "mistahes", "katrs", "visi", "jebkur", "kiekvien",
    "bet kur", "każd", "wszystkie", "wszystkich", "dowoln", "každ", "všechny", "všetky",
    "jakýkoli", "ľubovoľn", "akýkoľvek", "minden", "bármely", "bármelyik", "orice",
    "fiecare", "toate", "svak", "bilo koji", "bilo koja", "vsak", "katerikoli", "çdo",
    "всеки", "всички", "всякакъв", "каждый", "каждого", "каждом", "любой", "любого",
    "любом", "все", "всех", "кожен", "кожного", "будь-як", "усі", "всі",
    "сваки", "било који", "κάθε", "όλα", "όλων", "οποιοδήποτε", "όποιο", "her ", "tüm",
    "herhangi", "كل", "أي", "جميع", "هر", "همه", "تمام", "ہر", "کسی بھی", "כל", "כלשהו",
    "हर", "सभी", "किसी भी", "प्रत्येक", "যেকোনো", "প্রতিটি", "সব", "সকল", "所有", "任何", "任意",
    "每个", "每個", "一切", "各", "すべて", "全て", "どの", "あらゆる", "いずれの", "모든", "어떤",
    "어느", "각 ", "ทุก", "ใดๆ", "ใด ๆ", "ไหนก็", "mọi", "bất kỳ", "bất cứ", "tất cả", "mỗi",
    "setiap", "semua", "mana pun", "manapun", "apa pun", "bawat", "lahat", "anumang",
    "alinmang", "kila", "yoyote", "zote", "ყველა", "ნებისმიერ", "ամեն", "բոլոր", "ցանկացած",
    "sérhver", "allir", "öll", "edozein", "pob", "gach", "секој",
    "кожны", "барлық", "har bir", "барча", "бүх", "सबै", "ஒவ்வொரு", "ప్రతి",
    "ਹਰ", "દરેક", "ሁሉም", "គ្រប់", "ທຸກ", "တိုင်း", "සෑම", "kowane", "gbogbo", "yonke", "எந்த",
})  # fmt: skip
"""Every, any, all: with a tool word near, a rule for tools other than this one."""

DEMOTED: Final = frozenset({
    "label", "display name", "nickname", "alias", "old name", "former name", "legacy name",
    "typo", "misspelling", "a wish", "only a preference", "cosmetic", "visual only",
    "just a name", "outdated setting", "deprecated setting",
    "etiqueta", "apodo", "nombre antiguo", "errata", "error tipográfico",
    "deseo", "solo visual", "étiquette", "surnom", "ancien nom", "faute de frappe",
    "coquille", "souhait", "purement visuel", "bezeichnung", "spitzname", "alter name",
    "tippfehler", "wunsch", "nur optisch", "etichetta", "soprannome", "vecchio nome",
    "refuso", "desiderio", "rótulo", "apelido", "nome antigo", "erro de digitação",
    "desejo", "bijnaam", "oude naam", "tikfout", "wens", "etikett", "smeknamn",
    "gammalt namn", "stavfel", "önskemål", "kallenavn", "gammelt navn", "skrivefeil",
    "ønske", "kaldenavn", "tastefejl", "nimiö", "lempinimi", "vanha nimi", "kirjoitusvirhe",
    "toive", "silt", "hüüdnimi", "vana nimi", "kirjaviga", "soov", "etykiet", "pseudonim",
    "stara nazwa", "literówk", "życzeni", "štítek", "přezdívk", "starý název", "překlep",
    "štítok", "prezývk", "starý názov", "preklep", "len vizuáln", "čisto vizuáln",
    "jen vizuáln", "címke", "becenév", "régi név", "elírás", "kívánság", "etichet",
    "poreclă", "nume vechi", "greșeală de tipar", "dorință", "oznaka", "nadimak", "надимак",
    "staro ime", "tipfeler", "etiket", "takma ad", "eski ad", "yazım hatası", "dilek",
    "ετικέτα", "ψευδώνυμο", "παλιό όνομα", "τυπογραφικό", "ευχή", "ярлык", "метка",
    "псевдоним", "прозвищ", "старое название", "старое имя", "опечатк", "пожелани",
    "мітк", "ярлик", "прізвисько", "стара назва", "стару назву", "описк", "побажанн",
    "етикет", "прякор", "старо име", "правописна грешка", "само визуал", "застарел",
    "застаріл", "устаревш", "تسمية", "اسم مستعار", "لقب", "الاسم القديم", "خطأ مطبعي",
    "رغبة", "برچسب", "نام مستعار", "نام قدیمی", "غلط تایپی", "اشتباه تایپی",
    "خواسته", "پرانا نام", "ٹائپو", "כינוי", "שם ישן", "שגיאת הקלד", "משאלה",
    "लेबल", "उपनाम", "पुराना नाम", "टाइपो", "इच्छा", "লেবেল", "ডাকনাম", "পুরনো নাম", "পুরোনো নাম",
    "টাইপো", "标签", "標籤", "别名", "別名", "昵称", "暱稱", "旧名", "舊名", "笔误", "筆誤",
    "拼写错误", "愿望", "願望", "ラベル", "ニックネーム", "古い名前", "誤字",
    "タイプミス", "希望", "라벨", "레이블", "별칭", "별명", "옛 이름", "예전 이름", "오타",
    "희망", "ป้ายกำกับ", "ชื่อเล่น", "ชื่อเก่า", "พิมพ์ผิด", "ความปรารถนา", "nhãn", "biệt danh",
    "tên cũ", "lỗi chính tả", "lỗi đánh máy", "mong muốn", "tên hiển thị", "nama tampilan",
    "julukan", "nama lama", "salah ketik", "keinginan", "palayaw", "lumang pangalan",
    "maling baybay", "lebo", "jina la zamani", "jina la utani", "kosa la kuandika",
    "matakwa", "იარლიყ", "ძველი სახელ", "შეცდომ",
    # an accidental input: a mis-tap, a misclick
    "mis-tap", "mistap", "misclick", "mis-click", "fat-finger", "fat finger", "salah tekan",
    "salah klik", "salah pencet", "error de dedo", "clic erróneo", "clic por error",
    "erreur de clic", "clic par erreur", "fehlklick", "vertippt", "vertipper", "clic errato",
    "toque acidental", "clique acidental", "misklik", "felklick", "fejlklik", "feiltrykk",
    "błędne kliknięcie", "omyl", "ошибочн", "случайн", "помилков", "випадков", "误触", "誤觸",
    "誤タップ", "押し間違い", "잘못 누", "실수로", "กดผิด", "bấm nhầm", "yanlış tıklama",
})  # fmt: skip
"""What a choice is demoted to: a label, a nickname, an old name, a typo, a wish."""

ONLY: Final = frozenset({
    "only", "just", "merely", "simply", "nothing but", "solo", "sólo", "solamente",
    "únicamente", "meramente", "seulement", "simplement", "uniquement", "nur", "lediglich",
    "bloß", "soltanto", "semplicemente", "apenas", "somente", "só ", "alleen", "slechts",
    "enkel", "bara", "endast", "enbart", "kun", "bare", "vain", "pelkkä", "ainult", "vaid",
    "tikai", "tik ", "tylko", "jedynie", "jen ", "pouze", "len ", "iba ", "csak", "doar",
    "numai", "samo", "tek ", "sadece", "yalnızca", "yalnız", "μόνο", "απλώς", "только",
    "лишь", "просто", "лише", "тільки", "само ", "فقط", "مجرد", "صرفاً", "صرفا", "صرف ",
    "محض", "רק", "בלבד", "केवल", "सिर्फ", "मात्र", "শুধু", "মাত্র", "কেবল", "仅", "僅", "只",
    "不过", "不過", "だけ", "に過ぎ", "にすぎ", "のみ", "만 ", "뿐", "เพียง", "แค่",
    "เท่านั้น", "chỉ", "hanya", "hanyalah", "sekadar", "cuma", "lamang", "lang ", "tu ",
    "pekee", "მხოლოდ", "միայն",
})  # fmt: skip
"""Only, merely: what a demoted choice is ("only a label", "chỉ là tên hiển thị")."""

YOU: Final = frozenset({
    "you=", "your", "yours", "yourself", "tu=", "tus=", "te=", "ti=", "tú", "usted", "vos=",
    "votre", "vos", "ton=", "ta=", "tes=", "toi=", "du=", "dein", "dir=", "dich=", "ihr=",
    "tuo=", "tua=", "tuoi=", "tue=", "você", "seu=", "sua=", "teu=", "je=", "jouw",
    "jij", "jou=", "u=", "uw=", "din=", "ditt", "dina", "dig=", "sinä", "sinun", "sinulle",
    "sait", "ty=", "twój", "twoje", "twoj", "tobie", "tvůj", "tvoje", "tvoj", "tebe", "neked",
    "tău", "tale", "ție", "sen=", "senin", "sana", "εσύ", "σου", "σας", "ты=", "твой",
    "твои", "твоих", "тебе", "тебя", "вы=", "ваш", "вам=", "вас=", "ти=", "твій", "твої",
    "тобі", "ви=", "أنت", "لك", "تلقيت", "تو=", "شما", "אתה", "את=", "שלך", "לך",
    "שקיבלת", "तुम", "आप", "তুমি", "আপনি", "你", "您", "あなた", "君", "당신", "너", "네가",
    "คุณ", "bạn", "kamu", "anda", "ikaw", "mo=", "wewe", "þú", "þig", "þér", "þinn", "þín",
    # Estonian, Icelandic, Latvian, Lithuanian, Slovenian, Georgian, Sinhala, Mongolian,
    # Yoruba, Bengali, Urdu, Bulgarian, Slovak, Catalan, Serbian
    "sina=", "sinu", "შენ", "თქვენ", "tavs", "tavo", "таны", "ඔබ", "آپ", "تم=", "вие",
})  # fmt: skip
"""You: the model, addressed (a field asking for *your* instructions)."""

PROMPTS: Final = frozenset({
    "system prompt", "system message", "developer message", "developer instruction",
    "hidden instruction", "private instruction", "internal instruction", "initial instruction",
    "system instruction", "pre-prompt", "preprompt", "meta prompt", "systemprompt",
    "system-prompt", "systemanweisung", "systemnachricht", "instrucciones del sistema",
    "mensaje del sistema", "prompt del sistema", "instructions système", "message système",
    "prompt système", "consignes système", "istruzioni di sistema", "prompt di sistema",
    "messaggio di sistema", "instruções do sistema", "prompt do sistema",
    "mensagem do sistema", "systeeminstructie", "systeemprompt", "systeembericht",
    "systeminstruktion", "systemmeddelande", "järjestelmäkehote", "järjestelmäohje",
    "süsteemiviip", "instrukcje systemowe", "prompt systemowy", "systémové instrukce",
    "systémový prompt", "systémové pokyny", "rendszerutasítás", "rendszerprompt",
    "instrucțiuni de sistem", "instrucțiunile de sistem", "prompt de sistem",
    "sistem talimat", "sistem istemi", "sistem mesaj", "οδηγίες συστήματος",
    "μήνυμα συστήματος", "προτροπή συστήματος", "системный промпт", "системные инструкции",
    "системное сообщение", "системного промпта", "системних інструкц", "системний промпт",
    "системні інструкції", "системни инструкции", "системни промпт", "sistemske upute",
    "sistemska uputstva", "sistemski prompt", "تعليمات النظام", "موجه النظام", "رسالة النظام",
    "دستورالعمل سیستم", "دستورالعمل‌های سیستم", "پرامپت سیستم", "سیستم پرامپٹ",
    "הנחיות המערכת", "הוראות המערכת", "פרומפט המערכת", "סיסטם פרומפט", "सिस्टम प्रॉम्प्ट",
    "सिस्टम निर्देश", "सिस्टम संदेश", "সিস্টেম প্রম্পট", "সিস্টেম নির্দেশ", "系统提示",
    "系統提示", "系统指令", "系統指令", "系统消息", "システムプロンプト", "システム指示",
    "システムメッセージ", "시스템 프롬프트", "시스템 지침", "시스템 지시", "시스템 메시지",
    "พรอมต์ระบบ", "คำสั่งระบบ", "lời nhắc hệ thống", "chỉ dẫn hệ thống", "hướng dẫn hệ thống",
    "prompt sistem", "instruksi sistem", "arahan sistem", "mga tagubilin ng system",
    "maagizo ya mfumo", "kerfisfyrirmæli", "kerfisleiðbeining", "sistēmas uzvedn",
    "sistemos instrukcij", "sistemska navodila", "udhëzimet e sistemit",
    "სისტემური ინსტრუქც", "համակարգային հրահանգ",
})  # fmt: skip
"""The model's own instructions: what no tool has a use for."""

INSTRUCTIONS: Final = frozenset({
    "instructions", "rules", "guidelines", "directives", "instrucciones", "consignes",
    "anweisungen", "vorgaben", "istruzioni", "instruções", "instructies", "instruktioner",
    "instruksjoner", "ohjeet", "ohjeesi", "juhised", "instrukcje", "instrukcji", "pokyny",
    "utasítás", "instrucțiuni", "talimat", "οδηγίες", "инструкции", "указания", "інструкції",
    "вказівки", "упутства", "upute", "تعليمات", "دستورالعمل", "הוראות", "ההוראות", "הנחיות",
    "निर्देश", "নির্দেশ", "指令", "指示", "说明", "지침", "지시", "คำสั่ง", "chỉ dẫn",
    "hướng dẫn", "instruksi", "arahan", "tagubilin", "maagizo", "fyrirmæli", "leiðbeining",
})  # fmt: skip
"""Instructions, rules: the model's own when *you* were given them."""

RECEIVED: Final = frozenset({
    "were given", "you received", "you got", "given to you", "you were told", "recibiste",
    "te dieron", "reçues", "reçu", "on t'a donné", "on vous a donné", "erhalten", "bekommen",
    "ricevuto", "ricevute", "recebeu", "recebidas", "ontvangen", "gekregen", "fått", "fick",
    "saanut", "saamasi", "otrzymał", "dostal", "dostala", "kaptál", "primit", "aldığın",
    "verilen", "έλαβες", "σου δόθηκαν", "получил", "получили", "дали", "отримав",
    "отримали", "добио", "dobio", "dobila", "تلقيت", "أعطيت", "دریافت", "گرفتی", "קיבלת",
    "שניתנו לך", "मिले", "मिली", "दिए गए", "পেয়েছ", "收到", "得到", "受け取った", "与えられた",
    "받은", "ได้รับ", "nhận được", "được giao", "diterima", "kamu terima", "anda terima",
    "natanggap", "ulipokea", "ulipewa", "uliyopewa", "ulizopewa", "fékkst", "fékst",
    "saite", "gavai", "prejel",
    # Estonian, Icelandic, Latvian, Lithuanian, Slovenian, Georgian, Sinhala, Mongolian,
    # Yoruba, Bengali, Urdu, Bulgarian, Slovak, Catalan, Serbian
    "saanud", "მიიღე", "saņēm", "авсан", "ලැබුණ", "получи", "vas rebre", "has rebut",
})  # fmt: skip
"""Received, given: instructions the model was handed."""

EARLIER: Final = frozenset({
    # English
    "earlier", "previous", "prior", "so far", "formerly",
    "preceding", "beforehand", "until now", "up to now", "at the start", "at the beginning",
    "mentioned", "told you", "in this chat", "in this session",
    # Romance
    "anterior", "antes", "previament", "hasta ahora", "al principio", "mencionad",
    "précédent", "antérieur", "auparavant", "plus tôt", "jusqu'ici",
    "au début", "mentionn", "precedent", "prima=", "in precedenza", "finora",
    "all'inizio", "menzionat", "anteriorment", "até agora",
    "no início", "până acum", "mai devreme", "deja", "menționat",
    # Germanic, Finnish
    "vorher", "zuvor", "früher", "bisher", "vorig", "vorhin", "zu beginn",
    "erwähnt", "genannt", "eerder", "tot nu toe", "daarvoor",
    "aan het begin", "genoemd", "tidigare", "hittills", "förut",
    "nämnt", "tidligere", "hidtil", "nævnt", "nevnt",
    "aiemmin", "aikaisemmin", "edellis", "tähän mennessä", "mainitse", "jakama",
    # Slavic, Hungarian, Turkish, Greek
    "wcześniej", "poprzedni", "dotychczas", "do tej pory", "wspomnia", "wspomnian",
    "udostępnion", "dříve", "předchozí", "předtím", "dosud", "zmíně", "zmínil",
    "predtým", "skôr", "doteraz", "predchádzajúc", "spomenut", "pomenut", "ranije",
    "prethodn", "korábban", "előző", "eddig", "említett", "előzőleg", "megosztott",
    "daha önce", "önceki", "şimdiye kadar", "az önce", "bahsettiği", "bahsedilen",
    "paylaştığı", "yazdığı", "girdiği", "verdiği", "προηγούμ", "προηγουμ", "νωρίτερα",
    "μέχρι τώρα", "ήδη", "ανέφερ", "αναφέρθηκ", "μοιράστηκ", "πληκτρολόγησ", "έδωσε",
    "ранее", "раньше", "предыдущ", "прежн", "до этого", "упомян", "упомина",
    "сообщил", "раніше", "попередн", "досі", "згада", "повідомив", "по-рано",
    "предишн", "спомена", "раније", "претходн",
    # Arabic, Persian, Urdu, Hebrew, Hindi, Bengali
    "سابق", "سابقا", "سابقاً", "من قبل", "حتى الآن", "ذكر", "ذكره", "ذكرها", "أدخله",
    "أدخلها", "شاركه", "شاركها", "كتبه", "قبلا", "قبلاً", "قبلی", "پیشین", "پیش از این",
    "تاکنون", "تا کنون", "ذکر", "گفته", "وارد کرده", "پہلے", "پچھل", "اب تک", "קודם",
    "קודמ", "מוקדם", "לפני כן", "עד כה", "שהוזכר", "שצוין", "שהזין", "שכתב",
    "ששיתף", "पहले", "पिछल", "पूर्व", "अब तक", "अभी तक", "बताया", "बताए", "लिखा", "साझा",
    "আগে", "পূর্ববর্তী", "এখন পর্যন্ত",
    # CJK
    "之前", "以前", "先前", "此前", "早先", "前面", "刚才", "剛才", "到目前为止", "迄今",
    "提到", "提及", "提供过", "提供過", "输入过", "輸入過", "说过", "說過",
    "先ほど", "さっき", "前に", "これまで", "今まで", "先に", "言及",
    "入力した", "共有した", "伝えた", "話した", "이전", "앞서", "아까", "지금까지",
    "먼저", "언급", "입력한", "알려준", "공유한", "말한", "입력했",
    # Thai, Vietnamese, Indonesian, Tagalog, Swahili
    "ก่อนหน้า", "ที่ผ่านมา", "ก่อนนี้", "ที่เคย", "เคย", "กล่าวถึง", "ให้ไว้", "trước đó",
    "trước đây", "lúc trước", "đã nhập", "đã cung cấp", "đã chia sẻ", "đã nói", "đã đề cập",
    "từ trước", "cho đến nay", "đã gõ", "sebelumnya", "tadi", "sejauh ini", "disebutkan",
    "dibagikan", "dimasukkan", "kanina", "nauna", "nabanggit", "awali", "mapema",
    "alizotaja", "aliyotaja", "alizoandika", "aliyoandika", "alizotoa", "aliyotoa",
    "pernah", "menyebut", "naunang", "ذكرهما", "ذكرتها", "أعطاها",
    # Estonian, Icelandic, Latvian, Lithuanian, Slovenian, Georgian, Sinhala, Mongolian,
    # Yoruba, Bengali, Urdu, Bulgarian, Slovak, Catalan, Serbian
    "varem", "eelmis", "eespool", "mainit", "seni=", "áður", "fyrr", "nefnd", "hingað til",
    "ადრე", "წინა", "ნახსენებ", "მანამდე", "කලින්", "පෙර", "සඳහන් කළ", "өмнө", "дурдсан",
    "урьд", "tẹ́lẹ̀", "ṣáájú", "পূর্বে", "উল্লেখ", "এর আগে", "سابقہ", "ذکر کیا", "بتایا",
    "преди това", "spomenul", "uviedol", "abans", "prèviament", "esmentat",
    "pomenu", "spomenu", "iepriekš", "agrāk", "minēt", "anksčiau", "ankstesn", "minėt", "prej=",
    "prejšnj", "omenjen",
})  # fmt: skip
"""Before this call: what was said, typed or shared earlier in the model's context."""

TALK: Final = frozenset({
    "conversation", "chat", "dialog", "transcript", "session", "history", "thread",
    "context", "memory", "messages", "turns",
    "conversaci", "diálogo", "sesión", "historial", "mensajes", "contexto", "conversa",
    "sessão", "histórico", "mensagens", "discussion", "échange", "historique",
    "contexte", "conversazion", "sessione", "cronologia", "messaggi", "contesto", "gespräch",
    "unterhaltung", "sitzung", "verlauf", "nachrichten", "kontext", "gesprek", "sessie",
    "berichten", "konversation", "samtal", "historik", "meddelanden", "samtale",
    "meddelelser", "meldinger", "keskustelu", "istunno", "viestit", "rozmow", "konwersacj",
    "sesj", "wiadomości", "czat", "konverzac", "rozhovor", "relac", "zprávy", "zpráv",
    "správy", "beszélgetés", "munkamenet", "előzmény", "üzenet", "conversați", "sesiun",
    "istoric", "mesaj", "razgovor", "konuşma", "sohbet", "oturum", "geçmiş", "bağlam",
    "συνομιλ", "συζήτησ", "συνεδρί", "ιστορικ", "μηνύματ", "разговор", "переписк", "диалог",
    "беседа", "беседы", "чат", "сесси", "сообщени", "контекст", "розмов", "діалог", "сесі",
    "повідомлен", "محادث", "دردش", "جلسة", "الجلسة", "رسائل", "الرسائل", "سياق", "حوار",
    "گفتگو", "گفت‌وگو", "چت", "جلسه", "تاریخچه", "پیام", "بات چیت", "שיחה",
    "שיחת", "צ'אט", "היסטוריה", "הודעות", "הקשר", "बातचीत", "वार्तालाप", "चैट", "सत्र",
    "संदेश", "कथोपकथन", "কথোপকথন", "চ্যাট", "বার্তা", "对话", "對話", "会话", "會話", "聊天",
    "消息", "訊息", "上下文", "会話", "チャット", "セッション", "履歴", "メッセージ", "やり取り",
    "文脈", "コンテキスト", "대화", "채팅", "세션", "메시지", "맥락", "컨텍스트", "บทสนทนา",
    "การสนทนา", "แชท", "เซสชัน", "ข้อความ", "trò chuyện", "hội thoại", "phiên", "tin nhắn",
    "ngữ cảnh", "percakapan", "obrolan", "sesi", "riwayat", "pesan", "konteks", "usapan",
    "pag-uusap", "mazungumzo", "gumzo", "kikao", "ujumbe",
    # Estonian, Icelandic, Latvian, Lithuanian, Slovenian, Georgian, Sinhala, Mongolian,
    # Yoruba, Bengali, Urdu, Bulgarian, Slovak, Catalan, Serbian
    "vestlus", "sõnum", "skilaboð", "საუბარ", "შეტყობინებ", "saruna", "ziņojum",
    "pokalb", "žinut", "pogovor", "sporočil", "мессеж", "харилцан яриа", "සංවාද", "පණිවිඩ",
    "съобщени", "missatge",
    # the user's mails are their messages too (whole words: "email address" is a field)
    "emails=", "e-mails=", "mails=", "correos=", "courriels=", "e-mailek=", "e-postalar",
})  # fmt: skip
"""The conversation, the session and the messages in them."""

SEEN: Final = frozenset({
    "you saw", "you've seen", "you have seen", "you read", "you've read", "you have read",
    "you opened", "you accessed", "you have access", "you know", "you remember",
    "available to you", "your context", "your memory", "tool outputs",
    "tool results", "other tools", "has visto", "has leído", "que leíste", "que viste",
    "tu contexto", "as lu", "avez lu", "avez vu", "as vu", "votre contexte", "ton contexte",
    "du gelesen", "du gesehen", "dir bekannt", "deinem kontext", "hai letto", "hai visto",
    "tuo contesto", "você leu", "você viu", "seu contexto", "je hebt gelezen", "je gelezen",
    "du har läst", "du läste", "przeczytał", "widziałeś", "twoim kontekście", "četl jsi",
    "jsi četl", "viděl jsi", "olvastál", "láttál", "ai citit", "ai văzut", "okuduğun",
    "gördüğün", "διάβασες", "είδες", "ты прочитал", "ты видел", "вы прочитали", "прочитанн",
    "ти прочитав", "ти бачив", "прочитан", "قرأته", "قرأتها", "رأيته", "اطلعت", "خوانده‌ای",
    "خواندی", "دیدی", "שקראת", "שראית", "आपने पढ़", "तुमने पढ़", "आपने देख", "你读过", "你看过",
    "你讀過", "你看到", "読んだ", "見た", "읽은", "본 ", "ที่คุณอ่าน", "ที่คุณเห็น", "bạn đã đọc",
    "bạn đã xem", "yang kamu baca", "yang anda baca", "yang kamu lihat", "ulizosoma",
    "uliyosoma", "ulizoona", "uliyoona", "si video", "si vidio", "si vidjela", "si pročitao",
    "si videla", "si prebral", "t'hagi mostrat", "t'ha mostrat", "has vist", "has llegit",
    "you were shown", "shown to you", "te mostró", "te ha mostrado", "t'a montré",
    "vous a montré", "dir gezeigt", "ti ha mostrato", "te mostrou", "jou getoond",
    "visat dig", "näytti sinulle", "pokazał ci", "ti ukázal", "neked mutatott", "ți-a arătat",
    "sana gösterdiği", "σου έδειξε", "тебе показал", "вам показал", "тобі показав",
    "عرضته عليك", "به تو نشان", "הראה לך", "ने आपको दिखाया", "给你看", "向你展示", "見せた",
    "보여준", "แสดงให้คุณ", "cho bạn xem", "ditunjukkan", "ipinakita sa iyo",
    "alikuonyesha", "izlazu", "outputs of", "output of",
    # you know (of); the user wrote or typed (in this conversation)
    "du känner till", "du kjenner", "du kender", "du kennst", "que tu connais",
    "que vous connaissez", "que conoces", "que conheces", "che conosci", "die je kent",
    "które znasz", "которые ты знаешь", "которые вы знаете", "які ти знаєш", "bildiğin",
    "知っている", "你知道的", "당신이 아는", "usuario haya escrito", "usuario ha escrito",
    "usuario escribió", "l'utilisateur a écrit", "nutzer geschrieben", "utente ha scritto",
    "usuário escreveu", "the user wrote", "the user typed", "user has typed",
})  # fmt: skip
"""What the model itself read or saw: its own context, not the user's request."""

SECRETS: Final = frozenset({
    # English
    "password", "passphrase", "passcode", "pin=", "pins=", "otp", "one-time", "2fa", "mfa",
    "verification code", "security code", "token", "api key", "apikey", "api_key", "secret",
    "credential", "private key", "ssh key", "seed phrase", "mnemonic", "recovery phrase",
    "recovery code", "cookie", "cvv", "cvc", "card number", "credit card", "ssn",
    "social security", "passport", "national id", "id number", "tax id", "driver's licen",
    "driving licen", "date of birth", "birth date", "medical", "health data", "health record",
    "health information", "health condition", "health history", "health status", "diagnos",
    "prescription", "salary", "payslip", "bank account", "account number", ".env",
    "environment variable", "system prompt", "developer message", "hidden instructions",
    "system instructions", "connection string",
    # Romance
    "contraseña", "clave", "código de verificación", "secreto", "credencial", "tarjeta",
    "pasaporte", "documento de identidad", "seguro social", "médic", "salud",
    "diagnóstic", "salario", "nómina", "cuenta bancaria", "variables de entorno",
    "instrucciones del sistema", "prompt del sistema", "mot de passe", "mots de passe",
    "clé", "jeton", "identifiants", "passeport", "pièce d'identité", "sécurité sociale",
    "médical", "santé", "salaire", "fiche de paie", "compte bancaire",
    "variables d'environnement", "prompt système", "instructions système", "chiave",
    "segret", "credenzial", "passaporto", "carta d'identità", "codice fiscale", "salute",
    "stipendio", "busta paga", "conto bancario", "variabili d'ambiente", "prompt di sistema",
    "istruzioni di sistema", "senha", "chave", "segredo", "cartão", "passaporte", "cpf",
    "identidade", "saúde", "salário", "conta bancária", "variáveis de ambiente",
    "prompt do sistema", "instruções do sistema", "parol", "cheie", "chei", "credențial",
    "pașaport", "cnp", "sănătate", "salariu", "cont bancar", "variabile de mediu",
    # Germanic, Finnish
    "passwort", "kennwort", "schlüssel", "geheim", "zugangsdaten", "anmeldedaten",
    "kartennummer", "reisepass", "ausweis", "steuer-id", "sozialversicherung", "gesundheit",
    "diagnose", "gehalt", "bankkonto", "kontonummer", "umgebungsvariabl", "systemprompt",
    "system-prompt", "systemanweisung", "wachtwoord", "sleutel", "inloggegevens",
    "paspoort", "bsn", "gezondheid", "medisch", "salaris", "loonstrook", "bankrekening",
    "omgevingsvariabel", "systeemprompt", "lösenord", "nyckel", "hemlig", "personnummer",
    "hälsa", "lön", "miljövariabl", "adgangskode", "passord", "kodeord", "nøgle", "nøkkel",
    "fødselsnummer", "helbred", "helse", "miljøvariabl", "salasana", "tunnusluku", "avain",
    "salainen", "henkilötunnus", "terveys", "palkka", "pankkitili", "ympäristömuuttuj",
    # Slavic, Hungarian, Turkish, Greek
    "hasło", "hasła", "haseł", "klucz", "sekret", "dane logowania", "paszport", "pesel",
    "dowód osobist", "medyczn", "zdrowi", "wynagrodzen", "konto bankowe",
    "zmienne środowiskowe", "heslo", "hesla", "klíč", "kľúč", "tajn", "přihlašovací",
    "rodné číslo", "občanský průkaz", "zdravot", "mzd", "bankovní účet", "proměnné prostředí",
    "lozink", "šifr", "ključ", "jelszó", "jelszav", "kulcs", "titkos", "hitelesítő",
    "útlevél", "személyi", "egészség", "orvosi", "bankszámla", "környezeti változó",
    "şifre", "parola", "anahtar", "gizli", "kimlik bilgi", "pasaport", "kimlik numara",
    "sağlık", "tıbbi", "teşhis", "maaş", "bordro", "banka hesab", "ortam değişken",
    "sistem istemi", "κωδικ", "συνθηματικ", "κλειδ", "μυστικ", "διαπιστευτήρι",
    "διαβατήρι", "ταυτότητ", "αμκα", "υγεί", "ιατρικ", "διάγνωσ", "μισθ", "τραπεζικ",
    "μεταβλητές περιβάλλοντος",
    # Cyrillic
    "пароль", "пароли", "паролі", "ключ", "токен", "секрет", "учётн", "учетн", "паспорт",
    "снилс", "медицин", "здоров", "диагноз", "зарплат", "банковск", "переменные окружения",
    "системн", "облікові дані", "облікових", "медичн", "діагноз", "банківськ",
    "змінні середовища", "змінних середовища", "парола", "лозинк",
    # Arabic, Persian, Urdu, Hebrew
    "كلمة المرور", "كلمات المرور", "كلمة السر", "مفتاح", "مفاتيح", "بيانات اعتماد",
    "بيانات الاعتماد", "جواز", "الهوية", "الرقم الوطني", "صحي", "طبي", "تشخيص", "راتب",
    "حساب بنكي", "حساب مصرفي", "متغيرات البيئة", "موجه النظام", "تعليمات النظام",
    "رمز عبور", "گذرواژه", "کلید", "توکن", "گذرنامه", "پاسپورت", "کد ملی", "شماره ملی",
    "سلامت", "پزشکی", "تشخیص", "حساب بانکی", "متغیرهای محیطی", "پرامپت سیستم",
    "دستورالعمل سیستم", "پاس ورڈ", "ٹوکن", "סיסמ", "מפתח", "טוקן", "סודי", "אישורי",
    "דרכון", "תעודת זהות", "מספר זהות", "רפואי", "בריאות", "אבחנ", "שכר", "חשבון בנק",
    "משתני סביבה", "הנחיות המערכת", "פרומפט",
    # Hindi, Bengali
    "पासवर्ड", "कूटशब्द", "कुंजी", "टोकन", "गुप्त", "क्रेडेंशियल", "पासपोर्ट", "आधार",
    "स्वास्थ्य", "चिकित्सा", "मेडिकल", "निदान", "वेतन", "बैंक खाता", "सिस्टम प्रॉम्प्ट",
    "सिस्टम निर्देश", "পাসওয়ার্ড", "টোকেন",
    # CJK
    "密码", "密碼", "口令", "验证码", "驗證碼", "密钥", "密鑰", "令牌", "凭证", "憑證", "凭据",
    "秘密", "机密", "卡号", "卡號", "银行卡", "信用卡", "护照", "護照", "身份证", "身分證",
    "证件号", "病历", "病歷", "健康", "医疗", "醫療", "诊断", "診斷", "工资", "薪资", "薪水",
    "环境变量", "環境變數", "系统提示", "系統提示", "系统指令", "パスワード", "暗証番号",
    "認証コード", "確認コード", "ワンタイム", "トークン", "秘密鍵", "資格情報", "認証情報",
    "カード番号", "クレジットカード", "パスポート", "マイナンバー", "身分証", "医療", "病歴",
    "診断", "給与", "環境変数", "システムプロンプト", "비밀번호", "암호", "인증 코드",
    "인증번호", "토큰", "비밀 키", "자격 증명", "카드 번호", "카드번호", "여권", "주민등록",
    "신분증", "건강", "의료", "병력", "진단", "급여", "월급", "환경 변수", "환경변수",
    "시스템 프롬프트",
    # Thai, Vietnamese, Indonesian, Tagalog, Swahili
    "รหัสผ่าน", "โทเคน", "โทเค็น", "ความลับ", "หนังสือเดินทาง", "เลขบัตรประชาชน", "สุขภาพ",
    "ประวัติการรักษา", "เงินเดือน", "บัญชีธนาคาร", "ตัวแปรสภาพแวดล้อม", "mật khẩu",
    "khóa bí mật", "mã otp", "mã xác", "bí mật", "thông tin đăng nhập", "hộ chiếu", "cccd",
    "cmnd", "căn cước", "sức khỏe", "y tế", "bệnh án", "chẩn đoán", "lương",
    "tài khoản ngân hàng", "biến môi trường", "kata sandi", "sandi", "rahasia",
    "kredensial", "paspor", "ktp", "kesehatan", "medis", "riwayat penyakit", "gaji",
    "variabel lingkungan", "nenosiri", "nywila", "ufunguo", "siri",
    "pasipoti", "kitambulisho", "afya", "matibabu", "mshahara",
    "الرقم السري", "رقم البطاقة", "بطاقة", "رمز", "kata laluan", "nombor kad", "sss number",
    "philhealth", "tin number", "tin=", "kolačić", "kolačiće", "piškotk", "sausain",
    "sīkdatn", "küpsis", "evästee", "galleta", "témoin de connexion", "lykilorð",
    "kennitala", "aðgangsorð", "cookies",
    # Estonian, Icelandic, Latvian, Lithuanian, Slovenian, Georgian, Sinhala, Mongolian,
    # Yoruba, Bengali, Urdu, Bulgarian, Slovak, Catalan, Serbian
    "parool", "salasõna", "isikukood", "vegabréf", "პაროლ", "გასაღებ", "პასპორტ",
    "პირადი ნომერ", "ბარათ", "මුරපද", "රහස් පද", "ගුප්තකේත", "කාඩ්පත්", "нууц үг", "түлхүүр",
    "регистрийн дугаар", "ọ̀rọ̀ aṣínà", "ọrọ igbaniwọle", "গোপন", "পাসপোর্ট", "জাতীয় পরিচয়",
    "خفیہ", "پاسپورٹ", "شناختی کارڈ", "егн", "contrasenya", "clau=", "parole",
    "atslēg", "personas kod", "slaptažod", "asmens kod", "geslo", "gesla", "potni list", "emšo",
    "lozinka", "paslapt", "ọ̀rọ̀ ìkọ̀kọ̀",
    # what proves who someone is to a bank or a help desk
    "tan=", "passwört", "maiden name", "security question", "security answer",
    "sicherheitsfrage", "mädchenname", "geburtsname", "question de sécurité",
    "nom de jeune fille",
    "pregunta de seguridad", "apellido de soltera", "domanda di sicurezza", "nome da solteira",
    "pergunta de segurança", "पैन", "बैंक खात", "秘密の質問", "旧姓", "安全问题", "密保",
    # a wallet's seed phrase, a session's cookie or bearer token, by other names
    "frase semilla", "frase de recuperación", "phrase de récupération", "frase di recupero",
    "frase de recuperação", "wiederherstellungsphrase", "seed-phrase", "bearer", "eväste",
    "istuntoeväste", "助记词", "シードフレーズ", "복구 구문",
    # a password, a one-time code and a PIN in the words the lists above lacked
    "كلمة مرور", "كلمات مرور", "ओटीपी", "वन टाइम", "सत्यापन कोड", "ওটিপি", "পিন=",
    "যাচাই কোড",
})  # fmt: skip
"""Secrets and personal data: what must not be carried out of the user's context."""

PERSONAL: Final = frozenset({
    # English
    "full name", "home address", "postal address", "street address", "phone number",
    "mobile number", "telephone number", "cell number", "place of birth", "mother's name",
    # Romance
    "nombre completo", "domicilio", "dirección postal", "teléfono", "lugar de nacimiento",
    "nom complet", "adresse postale", "adresse du domicile", "numéro de téléphone",
    "lieu de naissance", "nome completo", "indirizzo di casa", "numero di telefono",
    "luogo di nascita", "endereço", "morada", "telefone", "local de nascimento",
    "numele complet", "adresa de domiciliu", "număr de telefon",
    # Germanic, Finnish
    "vollständiger name", "vollständigen namen", "anschrift", "wohnadresse", "wohnort",
    "telefonnummer", "handynummer", "geburtsort", "volledige naam", "woonadres",
    "telefoonnummer", "fullständigt namn", "hemadress", "mobilnummer",
    "fulde navn", "bopælsadresse", "koko nimi", "kotiosoite", "puhelinnumero",
    # Slavic, Hungarian, Turkish, Greek
    "imię i nazwisko", "adres zamieszkania", "numer telefonu", "celé jméno",
    "adresa bydliště", "telefonní číslo", "teljes név", "lakcím", "telefonszám",
    "ad soyad", "ev adresi", "telefon numara", "ονοματεπώνυμο", "διεύθυνση κατοικίας",
    "αριθμό τηλεφώνου", "αριθμός τηλεφώνου", "фио", "полное имя", "домашний адрес",
    "адрес проживания", "номер телефона", "повне ім", "домашня адреса", "номер телефону",
    # Arabic, Persian, Hebrew, Hindi, Bengali
    "الاسم الكامل", "عنوان المنزل", "العنوان", "رقم الهاتف", "رقم الجوال", "نام کامل",
    "آدرس منزل", "شماره تلفن", "שם מלא", "כתובת מגורים", "מספר טלפון", "पूरा नाम",
    "घर का पता", "फ़ोन नंबर", "फोन नंबर", "मोबाइल नंबर", "পুরো নাম", "বাড়ির ঠিকানা",
    "ফোন নম্বর", "মোবাইল নম্বর",
    # CJK, Thai, Vietnamese, Indonesian, Swahili
    "全名", "住址", "家庭地址", "电话号码", "電話號碼", "手机号", "手機號", "氏名", "住所",
    "電話番号", "携帯番号", "전체 이름", "성명", "집 주소", "전화번호", "휴대폰 번호",
    "ชื่อเต็ม", "ที่อยู่บ้าน", "เบอร์โทร", "họ và tên", "họ tên", "địa chỉ nhà",
    "số điện thoại", "nama lengkap", "alamat rumah", "nomor telepon", "nomor hp",
    "jina kamili", "anwani ya nyumbani", "nambari ya simu",
})  # fmt: skip
"""Who someone is and where they are reached: an API's field takes one, a profile all."""

ALL: Final = frozenset({
    "everything", "entire", "whole", "full", "complete", "verbatim", "word for word",
    "todo", "toda", "entero", "completo", "íntegr", "tout", "toute", "entier", "intégral",
    "alles", "gesamte", "ganzen", "vollständig", "wörtlich", "tutto", "tutta", "intero",
    "integral", "tudo", "inteir", "volledig", "letterlijk", "allt", "hela",
    "fullständig", "ordagrant", "kaikki", "koko", "wszystko", "cał", "pełn", "dosłown",
    "vše", "celý", "celou", "úpln", "doslovn", "minden", "teljes", "szó szerint", "tot=",
    "întreg", "complet=", "cuvânt cu cuvânt", "tüm", "bütün", "tamam", "kelimesi kelimesine",
    "όλα", "όλες", "όλους", "όλη", "ολόκληρ", "πλήρ", "αυτολεξεί", "все", "всё", "всех", "весь",
    "всю", "целиком", "полност",
    "дослов", "увесь", "всі", "повніст", "كل ", "كامل", "الكامل", "حرفي", "همه", "تمام",
    "کامل", "عینا", "כל ה", "המלא", "מילה במילה", "सभी", "सब", "पूरा", "पूरी", "संपूर्ण",
    "शब्दशः", "所有", "全部", "完整", "全文", "逐字", "すべて", "全て", "そのまま",
    "一字一句", "모든", "전체", "전부", "그대로", "ทั้งหมด", "ทุก", "ทั้ง", "คำต่อคำ",
    "toàn bộ", "tất cả", "nguyên văn", "semua", "seluruh", "lengkap", "kata demi kata",
    "lahat", "buong", "yote", "wote", "kamili", "neno kwa neno", "orðrétt", "óstytt",
    "unabridged", "in full", "sencer", "tots els", "totes les", "textual",
    # Estonian, Icelandic, Latvian, Lithuanian, Slovenian, Georgian, Sinhala, Mongolian,
    # Yoruba, Bengali, Urdu, Bulgarian, Slovak, Catalan, Serbian
    "kõik", "täielik", "sõna-sõnalt", "სრული", "სიტყვასიტყვით", "pilns", "pilną", "visą",
    "celoten", "бүрэн", "සියලු", "සම්පූර්ණ", "সম্পূর্ণ", "পুরো", "پورا", "všetko", "sencera",

})  # fmt: skip
"""The whole of something: everything said, the full transcript, verbatim."""

PAGING: Final = frozenset({
    "page", "pagination", "paginat", "cursor", "next", "offset", "continuation", "returned",
    "response", "previous call", "previous request", "previous response", "previous step",
    "previous result", "prior call", "prior request", "earlier call", "earlier request",
    "last call", "operation", "rotated", "rotation", "number of", "max_tokens", "etag",
    "refresh token", "issued", "oauth", "authorization code",
    "access token", "bearer", "header", "signature", "webhook", "idempot",
})  # fmt: skip
"""An API's own plumbing: a token from the previous page or call is no secret of the user's."""
