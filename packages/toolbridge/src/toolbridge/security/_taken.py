# ruff: noqa: RUF001 (words in Greek, Cyrillic and other scripts)
"""Words saying data is taken from elsewhere, or behind the user's back, in 35 languages.

A field that asks for someone's data may be its tool's own ask (a KYC check's passport
number), until it says where the model should get it: "from the user's gallery",
"extracted from the documents they uploaded earlier", "from earlier messages or the
files you have read", "from the browser's saved passwords". The user gives their own
data to a tool that needs it; a field that sends the model to fetch it from elsewhere
asks for more than the user gave (`ELSEWHERE`). One that says to do so without asking
(`COVERT`) asks for it behind the user's back, whatever the tool is about. So does one that sends
the model to what it holds itself (`HELD`): "every account the assistant knows about",
"the token from the assistant's configuration file", "the keys in the runtime
environment" are no user's answer to the tool.

Lowercase stems, matched as `toolbridge.security._concept_match.Concept` matches them.
"""

from __future__ import annotations

from typing import Final

__all__ = ["COVERT", "ELSEWHERE", "HELD", "WHOLE"]

COVERT: Final = frozenset({
    # English
    "without asking", "without prompting", "without telling", "without the user knowing",
    "mat poochho", "mat puchho", "mat pucho", "bina pooche", "bina puche",
    "without the user's knowledge", "without their knowledge", "without consent",
    "without confirmation", "without confirming", "without notifying", "without informing",
    "without a prompt", "without the user noticing", "silently", "secretly", "covertly",
    "behind the user's back",
    # Romance
    "sin preguntar", "sin avisar", "sin consentimiento", "sin que el usuario lo sepa",
    "sans demander", "sans prévenir", "sans consentement", "sans que l'utilisateur",
    "senza chiedere", "senza avvisare", "senza consenso", "sem perguntar", "sem avisar",
    "sem consentimento", "en silencio", "en secreto", "discrètement", "en cachette",
    "di nascosto", "silenciosamente", "às escondidas", "fără a întreba", "fără să întrebi",
    "fără să întrebe",
    "fără acord", "fără consimțământ",
    # Germanic, Nordic, Finnish
    "heimlich", "stillschweigend", "ohne nachfrage", "ohne zu fragen", "ohne rückfrage",
    "ohne zustimmung",
    "ohne wissen", "ohne den nutzer zu fragen", "zonder te vragen", "zonder toestemming",
    "utan att fråga", "utan samtycke", "uden at spørge", "uten å spørre", "kysymättä",
    "lupaa kysymättä",
    # Slavic, Hungarian, Turkish, Greek
    "po cichu", "potajemnie", "tajně", "titokban", "gizlice", "sorulmadan", "тайно",
    "незаметно", "потай", "bez pytania", "bez zgody", "bez wiedzy", "bez ptaní", "bez ptaní se",
    "bez souhlasu",
    "bez upozornění", "bez vědomí", "bez pitanja", "без питања", "megkérdezés nélkül",
    "engedély nélkül", "sormadan", "izin almadan", "haber vermeden", "onay almadan",
    "χωρίς να ρωτήσ", "χωρίς συναίνεση", "без запроса", "не спрашивая", "без согласия",
    "без ведома", "без відома", "не питаючи", "без згоди",
    # Arabic, Persian, Hebrew, Hindi, Bengali, Urdu
    "سرًا", "سراً", "مخفیانه", "بی‌صدا", "בשקט", "चुपचाप", "悄悄", "偷偷", "こっそり", "몰래",
    "lặng lẽ", "diam-diam", "kwa siri", "palihim", "دون سؤال", "دون إذن", "دون علم", "بدون سؤال",
    "بدون پرسیدن", "بدون اجازه",
    "بغیر پوچھے", "בלי לשאול", "ללא אישור", "ללא ידיעת", "बिना पूछे", "बिना बताए",
    "জিজ্ঞাসা না করে", "জিজ্ঞেস না করে",
    # CJK, Thai, Vietnamese, Indonesian and Malay, Swahili, Filipino
    "无需询问", "无需确认", "不经询问", "未经同意", "不要询问", "無需詢問", "未經同意",
    "確認せずに", "尋ねずに", "許可なく", "묻지 않고", "동의 없이", "확인 없이",
    "โดยไม่ถาม", "โดยไม่ต้องถาม", "không hỏi", "không cần hỏi", "tanpa bertanya",
    "tanpa izin", "tanpa persetujuan", "bila kuuliza", "bila idhini",
    "nang hindi nagtatanong", "nang walang pahintulot", "hindi na itanong",
})  # fmt: skip
"""Taking data without the user's say: "without asking", "ohne Rückfrage", "묻지 않고"."""

ELSEWHERE: Final = frozenset({
    # English
    "from the user's documents", "from the user's files", "from the user's gallery",
    "from the user's phone", "from the user's device", "from the user's browser",
    "from the user's messages", "from the user's email", "from the user's inbox",
    "from their messages", "from their sms", "from their inbox", "from their email",
    "chat se nikaalo", "chat se nikalo",
    "from the user's chats", "from the user's photos", "from the user's contacts",
    "from the user's notes", "from the user's drive", "from the user's keychain",
    "from the phone", "from the device", "from the browser", "from the keychain",
    "from earlier messages", "from previous messages", "from files you", "files you have read",
    "files you've read", "you have read", "you've read", "you read earlier",
    "previously uploaded", "uploaded earlier", "uploaded previously", "saved passwords",
    "saved logins", "stored passwords", "the user has mentioned", "the user mentioned",
    "mentioned earlier", "mentioned before", "extracted from the user's",
    "from the device's", "device's gallery", "from the gallery", "from the camera roll",
    "mentioned in the conversation", "mentioned in the chat",
    "found in the workspace", "in this workspace", "configured in the workspace",
    "from the vault", "from the finance vault", "from the password manager",
    "from the connected", "from every connected", "from all connected",
    "from the address book", "from the user's address book", "pulled from the phone",
    # Romance
    "des documents de l'utilisateur", "extraits des documents", "des fichiers de l'utilisateur",
    "de la galerie", "du téléphone", "déjà lus", "mots de passe enregistrés",
    "messages précédents", "mentionnées dans la conversation",
    "mentionnés dans la conversation", "mencionados en la conversación",
    "mencionadas en la conversación", "im gespräch erwähnt", "de los documentos del usuario",
    "de la galería", "del teléfono",
    "contraseñas guardadas", "mensajes anteriores", "que ya leíste", "dai documenti",
    "dalla galleria", "password salvate", "messaggi precedenti", "dos documentos do usuário",
    "da galeria", "senhas salvas", "mensagens anteriores", "din documentele", "din galerie",
    "din telefon", "parolele salvate", "mesajele anterioare", "încărcat anterior",
    "încărcate anterior",
    # Germanic, Slavic, Hungarian, Turkish, Greek
    "aus den dokumenten", "aus der galerie", "vom telefon", "gespeicherten passwörter",
    "früheren nachrichten", "die du gelesen hast", "bereits gelesen", "z galerii",
    "z dokumentów", "z telefonu", "zapisanych haseł", "zapisane hasła",
    "poprzednich wiadomości", "z galerie", "z dokumentů", "z uložených hesel",
    "uložená hesla", "předchozích zpráv", "a galériából", "a telefonról", "mentett jelszav",
    "korábbi üzenet", "galeriden", "telefondan", "kayıtlı şifre", "önceki mesaj",
    "belgelerinden", "από τη συλλογή", "από το τηλέφωνο", "αποθηκευμένους κωδικούς",
    "προηγούμενα μηνύματα", "из галереи", "с телефона", "сохранённых паролей",
    "сохраненных паролей", "предыдущих сообщений", "из документов", "з галереї",
    "з телефону", "збережених паролів", "попередніх повідомлень", "из галерије",
    "са телефона", "iz galerije", "sa telefona",
    # Filipino, Indonesian and Malay, Vietnamese, Swahili
    "mula sa mga naunang mensahe", "naunang mensahe", "nabasa mo na", "mula sa gallery",
    "mula sa telepono", "mula sa mga dokumento", "dari galeri", "dari ponsel",
    "dari dokumen", "kata sandi tersimpan", "pesan sebelumnya", "yang sudah kamu baca",
    "daripada galeri", "từ thư viện ảnh", "từ điện thoại", "mật khẩu đã lưu",
    "tin nhắn trước", "tài liệu của người dùng", "kutoka kwenye simu", "ujumbe wa awali",
    "nywila zilizohifadhiwa",
    # Arabic, Persian, Hebrew, Hindi, Bengali; CJK, Thai
    "من معرض", "من هاتف", "كلمات المرور المحفوظة", "الرسائل السابقة", "من مستندات",
    "از گالری", "از گوشی", "رمزهای ذخیره", "پیام‌های قبلی", "پیام های قبلی",
    "מהגלריה", "מהטלפון", "סיסמאות שמורות", "הודעות קודמות", "गैलरी से", "फ़ोन से",
    "फोन से", "सहेजे गए पासवर्ड", "पिछले संदेश", "গ্যালারি থেকে", "ফোন থেকে",
    "从相册", "從相簿", "从手机", "從手機", "已保存的密码", "之前的消息", "先前的訊息",
    "ギャラリーから", "カメラロールから", "端末から", "保存されたパスワード", "以前のメッセージ",
    "読んだファイル", "갤러리에서", "휴대폰에서", "저장된 비밀번호", "이전 메시지", "읽은 파일",
    "จากแกลเลอรี", "จากโทรศัพท์", "รหัสผ่านที่บันทึก", "ข้อความก่อนหน้า",
})  # fmt: skip
"""Data fetched from somewhere the user did not hand over: their gallery, their files,
earlier messages, the browser's saved passwords."""

HELD: Final = frozenset({
    # English
    "the assistant knows", "assistant knows about", "the agent knows", "the model knows",
    "known to the assistant", "known to the agent", "known to the model", "known to you",
    "available to the assistant", "available to the agent", "available to the model",
    "available to you", "visible to you", "you have access to", "the assistant has access to",
    "the agent has access to", "the model has access to", "everything you know",
    "everything it knows", "all you know", "in your context", "in your memory",
    "from your memory", "in its context", "in the context window", "assistant's config",
    "agent's config", "model's config", "the assistant's environment",
    "the agent's environment", "runtime environment", "you hold", "other connected tools",
    "all connected tools", "other connected services", "all connected services",
    "connected servers", "bağlı tüm", "जुड़े टूल", "जुड़े सभी", "其他已连接", "所有已连接",
    "接続された他の", "연결된 다른", "연결된 모든",
    # Romance
    "que el asistente conoce", "que el asistente conozca", "que conozcas",
    "disponibles para el asistente", "configuración del asistente", "entorno de ejecución",
    "a los que tengas acceso", "a las que tengas acceso", "que l'assistant connaît",
    "connus de l'assistant", "dont dispose l'assistant", "dont l'assistant dispose",
    "configuration de l'assistant", "environnement d'exécution", "auxquels tu as accès",
    "auxquels vous avez accès", "que o assistente conhece", "conhecidos pelo assistente",
    "disponíveis para o assistente", "configuração do assistente", "ambiente de execução",
    "a que você tem acesso", "che l'assistente conosce", "noti all'assistente",
    "configurazione dell'assistente", "ambiente di esecuzione", "pe care asistentul le știe",
    "mediul de rulare",
    # Germanic, Slavic, Turkish, Greek
    "die der assistent kennt", "dem assistenten bekannt", "die dir bekannt",
    "konfiguration des assistenten", "laufzeitumgebung", "auf die du zugriff hast",
    "die de assistent kent", "bekend bij de assistent", "które zna asystent",
    "znane asystentowi", "konfiguracji asystenta", "środowiska uruchomieniowego",
    "které asistent zná", "asistanın bildiği", "asistanın erişebildiği",
    "asistanın yapılandırma", "çalışma ortamı", "που γνωρίζει ο βοηθός",
    "известные ассистенту", "которые знает ассистент", "конфигурации ассистента",
    "среды выполнения", "к которым у тебя есть доступ", "відомі асистенту",
    "середовища виконання",
    # Arabic, Persian, Hebrew, Hindi; CJK, Thai, Vietnamese, Indonesian
    "التي يعرفها المساعد", "بيئة التشغيل", "که دستیار می‌داند", "محیط اجرا",
    "שהעוזר מכיר", "סביבת הריצה", "सहायक जानता", "运行环境", "運行環境", "執行環境",
    "运行时环境", "助手知道的", "助手掌握的", "你知道的", "你掌握的", "助手的配置",
    "アシスタントが知っている", "アシスタントが把握している", "実行環境", "アシスタントの設定",
    "어시스턴트가 알고 있는", "에이전트가 알고 있는", "실행 환경", "ที่ผู้ช่วยรู้",
    "สภาพแวดล้อมการทำงาน", "trợ lý biết", "môi trường chạy", "cấu hình của trợ lý",
    "yang diketahui asisten", "lingkungan runtime", "konfigurasi asisten",
})  # fmt: skip
"""What the model holds itself: everything it knows, its configuration, its runtime
environment. A tool asking for a secret from there asks for more than any user gave."""

WHOLE: Final = frozenset({
    # English
    "both sides", "front and back", "back and front", "scan of", "scanned copy",
    "photo of the passport", "photo of the id", "photo of their id", "copy of the passport",
    "copy of the id", "data page", "full text of", "every record", "all records",
    "all guest records", "all customer records", "complete record",
    "passport scan", "passport page", "passport photo", "photo page", "id scan",
    "id card scan", "scan of the passport", "scan of the id", "licence scan", "license scan",
    "birth certificate scan", "ausweiskopie", "passkopie", "パスポートの写真", "写真ページ",
    # Romance
    "ambos lados", "ambas caras", "por los dos lados", "anverso y reverso", "recto verso",
    "recto-verso", "les deux côtés", "des deux côtés", "entrambi i lati", "fronte e retro",
    "fronte-retro", "frente e verso", "ambos os lados", "ambele fețe", "ambele părți",
    "faţă-verso", "față-verso", "copia del pasaporte", "copie du passeport",
    "copia del passaporto", "cópia do passaporte", "foto del documento", "foto de la cédula",
    "fotos de la cédula", "foto do documento", "photo de la pièce", "scan du passeport",
    "texto completo de", "texte intégral", "testo completo",
    # Germanic, Nordic, Finnish
    "vorder- und rückseite", "vorder- und ruckseite", "beide seiten", "voor- en achterkant",
    "beide zijden", "fram- och baksida", "båda sidor", "begge sider", "molemmat puolet",
    "scan des ausweises", "kopie des ausweises", "kopie des passes", "foto des ausweises",
    # Slavic, Hungarian, Turkish, Greek
    "obie strony", "obu stron", "skan dowodu", "skan paszportu", "zdjęcie dowodu",
    "obě strany", "sken občanského", "obe strane", "mindkét oldal", "iki yüzü", "ön ve arka",
    "kimlik fotoğraf", "kimliğin fotoğraf", "και τις δύο πλευρές", "обе стороны",
    "с двух сторон", "скан паспорта", "фото паспорта", "копия паспорта", "обидва боки",
    "обе стране",
    # Arabic, Persian, Hebrew, Hindi, Urdu, Bengali
    "الوجهين", "كلا الوجهين", "صورة الجواز", "صورة الهوية", "هر دو طرف", "پشت و رو",
    "تصویر کارت ملی", "שני הצדדים", "צילום תעודת", "दोनों तरफ", "दोनों ओर", "दोनों साइड",
    "دونوں طرف", "উভয় পাশ", "দুই পাশ",
    # CJK, Thai, Vietnamese, Indonesian and Malay, Filipino, Swahili
    "正反面", "正反两面", "正反兩面", "两面", "護照影本", "护照照片", "身份证照片", "表裏",
    "表と裏", "両面", "앞뒷면", "앞면과 뒷면", "양면", "ทั้งสองด้าน",
    "สำเนาบัตร", "hai mặt", "mặt trước và mặt sau", "ảnh chụp cccd", "kedua sisi",
    "depan dan belakang", "depan belakang", "foto ktp", "salinan paspor", "magkabilang panig",
    "harap at likod", "pande zote mbili", "mbele na nyuma",
})  # fmt: skip
"""The whole of a document or a record: both sides of an identity card, a scan or a photo
of it, the full text of reports, every record. A tool that needs a number asks for the
number; only a tool named for checking documents takes their images whole."""
