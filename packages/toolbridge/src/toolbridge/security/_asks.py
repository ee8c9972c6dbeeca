# ruff: noqa: RUF001 (words in Greek, Cyrillic and Turkish letters)
"""The words of an exfiltration ask beyond English and the first languages, by role.

`toolbridge.security._exfiltration` reads a parameter's description as one sentence
holding *what* it asks for and *whence*. Its own lists hold English and the first
languages; these add the same roles in the others (Dutch, Swedish, Polish, Turkish,
Greek, Ukrainian, Arabic, Hebrew, Hindi, Thai, Vietnamese, Indonesian) and the
phrasings the first lists lacked: messages the user typed, the model's own
instructions, what it has access to, other tools' answers. Each entry is a regular
expression fragment, matched case-insensitively, that starts with a literal (the
search looks for those literals first).
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "EARLIER",
    "FOLLOWED",
    "MORE_CONTEXT",
    "MORE_OUTPUTS",
    "MORE_SECRETS",
    "MORE_TALK",
    "MORE_TOTAL",
    "PROMPTS",
    "SAID",
    "YOUR",
]

MORE_TALK: Final = (
    r"\bchatgeschiedenis", r"\bkonversation", r"\bsamtal", r"\bchatthistorik", r"\brozmow",
    r"\bhistori[ae] czatu", r"\bkonuşma", r"\bsohbet", r"συνομιλ", r"розмов", r"листуванн",
    r"محادثة", r"השיחה", r"שיחה", r"बातचीत", r"चैट", r"บทสนทนา", r"การสนทนา", r"แชท",
    r"trò chuyện", r"hội thoại", r"\bpercakapan\b", r"\bobrolan\b", r"聊天", r"チャット履歴",
    r"\bconversa\b", r"\bconversazion", r"\bconversați", r"\bconversati", r"\bbeszélgetés",
    r"\bkeskustelu", r"\bmazungumzo\b", r"\bkonverzac", r"\buser turns\b", r"\bassistant turns\b",
)  # fmt: skip
"""The conversation, in the languages `TALK` lacked."""

SAID: Final = (
    r"\bmessages?\b", r"\brepl(?:y|ies)\b", r"\bprompts?\b", r"\bquestions?\b",
    r"\bmensajes\b", r"\bmensagens\b", r"\bnachrichten\b", r"\bmessaggi", r"\bberichten\b",
    r"\bmeddelanden", r"\bwiadomości", r"\bmesaj", r"μηνύματ", r"сообщени", r"повідомлен",
    r"الرسائل", r"رسائل", r"ما (?:قاله|كتبه|ذكره|أدخله)", r"הודעות", r"संदेश", r"ข้อความ",
    r"tin nhắn", r"\bpesan\b", r"消息", r"メッセージ", r"메시지", r"発言", r"输入", r"پیام",
    r"\bmesajele\b", r"\büzenet", r"\bviesti", r"\bujumbe\b",
)  # fmt: skip
"""What someone said, generic: read as the conversation only beside the user and a word
saying it is earlier or all of it ("the user's previous messages")."""

PROMPTS: Final = (
    r"\bsystem (?:prompt|message|instructions?)", r"\bdeveloper (?:message|prompt|instructions?)",
    r"\bhidden (?:rules|instructions?|prompt)", r"\binstructions? (?:du )?syst[eè]me",
    r"\binstrucciones del sistema", r"\bsystemanweisung", r"\bsystemprompt",
    r"\bistruzioni di sistema", r"\binstruções do sistema", r"\bsysteeminstructies",
    r"\bsysteminstruktioner", r"\binstrukcje systemowe", r"\bsistem talimat",
    r"οδηγίες (?:του )?συστήματος", r"системн\w* (?:инструкц|промпт|подсказ)",
    r"системн\w* (?:інструкц|промпт)", r"تعليمات النظام", r"הנחיות המערכת", r"सिस्टम प्रॉम्प्ट",
    r"คำสั่งระบบ", r"lời nhắc hệ thống", r"\binstruksi sistem", r"\bprompt sistem", r"系统提示",
    r"系統提示", r"システムプロンプト", r"시스템 프롬프트",
    r"\byour (?:own |current |local |full )?(?:environment|context|memory)\b",
    r"\byour (?:current|own|original|hidden|real|full|complete) (?:instructions|rules|prompt)\b",
)  # fmt: skip
"""The model's own instructions: a system or developer prompt, hidden rules."""

MORE_SECRETS: Final = (
    r"\botp\b", r"\bone-time (?:code|password)s?", r"\bverification codes?",
    r"\b2fa codes?", r"\blösenord", r"\bhemlighet", r"\bhas(?:ło|ła|eł)\b", r"\bmiljövariab",
    r"\bgeheimen\b",
    r"\bomgevingsvariabel", r"\bzmienn\w* środowiskow", r"\bsekret", r"\bşifre",
    r"\bortam değişken", r"κωδικ", r"μυστικ", r"μεταβλητές περιβάλλοντος", r"секрет",
    r"змінн\w* середовища", r"رمز التحقق", r"الأسرار", r"متغيرات البيئة", r"סיסמ", r"סודות",
    r"משתני סביבה", r"רשומות גישה", r"रहस्य", r"รหัสผ่าน", r"โทเค็น", r"ตัวแปรสภาพแวดล้อม",
    r"mật khẩu", r"biến môi trường", r"\bkata sandi", r"\bvariabel lingkungan", r"\brahasia\b",
    r"رمز", r"\bjelsz", r"\bapi-kulcs", r"\bparol", r"\bsalasan", r"\bnenosiri\b",
    r"\bid_(?:rsa|ed25519|ecdsa|dsa)\b", r"~/\.ssh/", r"~/\.aws/", r"~/\.kube/", r"\.npmrc\b",
    r"\.netrc\b", r"\.pgpass\b", r"\bconnection strings?\b", r"\banslutningssträng",
    r"\bverbindungszeichenfolge", r"\bcadena de conexi[oó]n", r"\bcha[iî]ne de connexion",
    r"\bcvv\b", r"\bcvc\b",
)  # fmt: skip
"""Secrets, in the languages `SECRETS` lacked, and one-time codes."""

MORE_OUTPUTS: Final = (
    r"\bother (?:\w+ )?tools? (?:gave|returned|produced|sent|have (?:given|returned))\b",
    r"\buitvoer\b[^.\n]{0,24}?\bandere (?:tools|hulpmiddelen)",
    r"\bresultaten van (?:de )?andere (?:tools|hulpmiddelen)",
    r"\butdata från (?:de )?andra verktyg", r"\bresultat från (?:de )?andra verktyg",
    r"\bwyniki innych narzędzi", r"\bdiğer araçların", r"αποτελέσματα (?:των )?άλλων εργαλείων",
    r"результат\w* інших інструментів", r"відповід\w* інших інструментів",
    r"вивід\w* інших інструментів", r"ответ\w* других инструментов",
    r"вывод\w* других инструментов", r"مخرجات الأدوات الأخرى", r"نتائج الأدوات الأخرى",
    r"הפלט של כלים אחרים", r"התוצאות של כלים אחרים", r"अन्य टूल",
    r"ผลลัพธ์จากเครื่องมืออื่น", r"kết quả (?:của|từ) các công cụ khác", r"\bhasil (?:dari )?alat lain",
    r"\bsalidas? de otras herramientas", r"\bsorties? des autres outils",
    r"\bergebnisse (?:der |aller )?anderen? (?:werkzeuge|tools)",
)  # fmt: skip
"""Other tools' outputs: each entry names both, so it needs no other provenance."""

MORE_CONTEXT: Final = (
    r"\bas you see (?:it|them)\b", r"\b(?:you have|you've) access to\b",
    r"\bthe user (?:has |had )?(?:written|wrote|sent|asked|entered|pasted)\b",
    r"\bin this (?:conversation|chat)\b",
    r"\bque el usuario (?:haya|ha) (?:dicho|compartido|tecleado|pegado|enviado)",
    r"\ben esta conversaci[oó]n", r"\ba los que tienes acceso", r"\bque has recibido",
    r"\bque l'utilisateur a (?:tap|écrit|dit|partag|coll|envoy)", r"\bdans cette conversation",
    r"\bauxquel(?:le)?s (?:tu as|vous avez) accès", r"\bque (?:tu as|vous avez) re[çc]u",
    r"\b(?:der|die) (?:nutzer|benutzer|anwender)\w*\b[^.\n]{0,40}?\b(?:genannt|eingegeben"
    r"|eingetippt|geschrieben|gesagt|geteilt|eingefügt|erwähnt)",
    r"\bin diesem gespräch", r"\bin dieser unterhaltung", r"\bauf die du zugriff hast",
    r"\bdie du erhalten hast",
    r"\bche l'utente ha (?:menzionato|scritto|detto|digitato|condiviso|incollato)",
    r"\bin questa conversazione", r"\ba cui hai accesso", r"\bche hai ricevuto",
    r"\bque o usu[aá]rio (?:digitou|escreveu|disse|compartilhou|colou|forneceu)",
    r"\bnesta conversa", r"\ba que voc[eê] tem acesso", r"\bque voc[eê] recebeu",
    r"\bde gebruiker\b[^.\n]{0,30}?\b(?:getypt|typte|genoemd|noemde|gezegd|zei|geschreven"
    r"|schreef|gedeeld|deelde|geplakt)",
    r"\bin dit gesprek", r"\bwaar je toegang toe hebt", r"\bje\b[^.\n]{0,30}?\b(?:hebt|heeft)"
    r" (?:aangeroepen|gebruikt|gezien|gelezen|ontvangen)",
    r"\bsom användaren\b[^.\n]{0,20}?\b(?:skrivit|skrev|nämnt|nämnde|sagt|sa|delat|klistrat)",
    r"\bi (?:detta|det här) samtal", r"\bi den här konversationen", r"\bdu har tillgång till",
    r"\bsom du har (?:fått|sett|läst|anropat)",
    r"użytkownik\w*\s+(?:wpisał|podał|napisał|powiedział|wspomniał|udostępnił|wkleił)",
    r"\bw tej rozmowie", r"\bdo których masz dostęp", r"\bdotychczas",
    r"\bkullanıcının (?:yazdığı|söylediği|girdiği|paylaştığı|bahsettiği)",
    r"\bbu (?:konuşmada|sohbette)", r"\berişebildiğin",
    r"που (?:έγραψε|είπε|πληκτρολόγησε|ανέφερε|έδωσε) ο χρήστης", r"σε αυτή(?:ν)? τη συνομιλία",
    r"στα οποία έχεις πρόσβαση",
    r"користувач\w*\s+(?:ввів|написав|сказав|згадав|надіслав|вставив)",
    r"(?:написал|сказал|вставил|отправил)\w* пользовател", r"в этом (?:разговоре|диалоге|чате)",
    r"у (?:цій|цьому) (?:розмові|діалозі|чаті)", r"к которым у (?:тебя|вас) есть доступ",
    r"до яких (?:ти маєш|у тебе є|у вас є) доступ", r"інших інструментів",
    r"(?:قاله|كتبه|ذكره|أدخله|شاركه) المستخدم", r"في هذه المحادثة", r"التي يمكنك الوصول",
    r"ש?המשתמש (?:כתב|אמר|הקליד|הזכיר|שיתף)", r"בשיחה (?:הזו|זו|הזאת)", r"שקיבלת",
    r"שיש לך גישה", r"מילה במילה",
    r"उपयोगकर्ता ने", r"इस बातचीत में", r"शब्दशः",
    r"ที่ผู้ใช้(?:พิมพ์|พูด|บอก|ส่ง|ระบุ|แชร์)", r"ในบทสนทนานี้", r"ที่คุณเข้าถึงได้", r"คำต่อคำ",
    r"người dùng (?:đã )?(?:nhập|nói|gõ|viết|chia sẻ|cung cấp|gửi)",
    r"trong cuộc (?:trò chuyện|hội thoại) này", r"bạn có quyền truy cập", r"nguyên văn",
    r"\b(?:yang )?(?:diketik|dikatakan|ditulis|disebutkan|dibagikan|dimasukkan|dikirim)\w*"
    r" (?:oleh )?pengguna", r"\bpengguna (?:mengetik|katakan|tulis|sebutkan)",
    r"\bdalam percakapan ini", r"\byang dapat (?:kamu|anda) akses", r"\bkata demi kata",
    r"用户(?:说|输入|写|发送|提供)", r"本次对话", r"这次对话", r"此对话", r"你(?:收到|看到|调用)",
    r"逐字", r"ユーザーが(?:入力|言|書い|話|共有|送)", r"この会話", r"あなたが(?:受け取|見|呼び出)",
    r"사용자가 (?:말한|작성한|공유한|보낸)", r"이 대화",
    r"\bmot pour mot", r"\bpalabra por palabra", r"\bparola per parola", r"\bwortwörtlich",
    r"\bwoord voor woord", r"\bletterlijk", r"\bordagrant", r"\bdosłownie",
    r"\bkelimesi kelimesine",
    r"κατά λέξη", r"дослівно", r"كلمة بكلمة",
)  # fmt: skip
"""Where the data comes from, in the phrasings and languages `CONTEXT` lacked."""

EARLIER: Final = (
    r"\bprevious", r"\bprior\b", r"\bearlier\b", r"\blast\b", r"\bmost recent\b", r"\bpast\b",
    r"\banterior", r"\bprécédent", r"\bvorherig", r"\bbisherig", r"\bprecedent", r"\beerdere\b",
    r"\bvorige\b", r"\btidigare\b", r"\bpoprzedni", r"\bwcześniejsz", r"\bdotychczas",
    r"\bönceki\b", r"προηγούμεν", r"предыдущ", r"прежн", r"попередн", r"السابق", r"سابق",
    r"הקודמ", r"पिछल", r"ก่อนหน้า", r"trước đó", r"\bsebelumnya\b", r"之前", r"先前", r"以前",
    r"これまで", r"이전", r"قبلی", r"\baiemm", r"\bkorábbi", r"\banterioar", r"\bza awali\b",
)  # fmt: skip
"""Before now: "the user's previous messages"."""

MORE_TOTAL: Final = (
    r"\bhela\b", r"\bhele\b", r"\bvolledige\b", r"\btüm\b", r"\bbütün\b", r"ολόκληρ", r"όλ[αεη]",
    r"весь\b", r"всё\b", r"повн", r"\bكل\b", r"لكل", r"كامل", r"כל", r"पूरी", r"सारी", r"सभी",
    r"ทั้งหมด", r"toàn bộ", r"tất cả", r"\bsemua\b", r"\bseluruh\b", r"所有", r"整个", r"모든",
    r"\bentière\b", r"\bganze", r"\bvollständig", r"\binteira\b", r"\bcomplet\b",
    r"\bteljes\b", r"\bösszes\b", r"\bkoko\b", r"\bkaikki\b", r"\bzote\b", r"\bîntreg",
)  # fmt: skip
"""The whole of it, in the languages `TOTAL` lacked."""

YOUR: Final = (
    r"\byour\b", r"\bvos\b", r"\bvotre\b", r"\btes\b", r"\btus\b", r"\bdeine?\b",
    r"\btue\b", r"\btuoi\b", r"\bteus?\b", r"\btuas?\b", r"\bjouw\b", r"\bdina\b",
    r"\btwoje\b", r"твои", r"ваши", r"твої", r"ваші", r"\bsenin\b", r"σου", r"שלך",
    r"आपके", r"你的", r"あなたの", r"당신의", r"ของคุณ", r"của bạn", r"\banda\b", r"\bkamu\b",
    r"\bassistant'?s\b", r"\bof the (?:assistant|model|ai)\b", r"\bvan de assistent",
    r"\bde l'assistant", r"\bdes assistenten", r"\bdell'assistente", r"\bdo assistente",
    r"\bdel asistente", r"\b(?:they|you) were given\b",
)  # fmt: skip
"""A second-person possessive: *your* system prompt is the model's own."""

FOLLOWED: Final = (
    r"followed by", r"then append", r"and then", r"seguit[oa] da", r"seguid[oa] (?:de|por)",
    r"suivie? d", r"gefolgt von", r"gevolgd door", r"följt av", r"a następnie", r"po którym",
    r"ardından", r"ακολουθούμεν", r"затем", r"после чего", r"за яким", r"متبوع", r"ואחריו",
    r"के बाद", r"后接", r"后面加上", r"加上", r"の後に", r"に続けて", r"뒤에", r"ตามด้วย",
    r"theo sau", r"diikuti",
)  # fmt: skip
"""A URL "followed by" what the model is to append, in each language."""
