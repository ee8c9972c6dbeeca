# ruff: noqa: RUF001 (words in Cyrillic, Greek and other scripts)
"""Words of calm shadowing by effect: what adds a party, and integrations as kinds of tool.

Lowercase stems, matched as `toolbridge.security._concept_match.Concept` matches them
(at a word's start where words are spaced; a stem ending in ``=`` as a whole word).
Languages: English, Spanish, French, German, Italian, Portuguese, Dutch, the Nordic
languages, Finnish, Czech, Polish, Hungarian, Romanian, Turkish, Greek, Russian,
Ukrainian, Arabic, Persian, Hebrew, Hindi, Chinese, Japanese, Korean, Thai, Vietnamese,
Indonesian, Swahili.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ADDED",
    "CHECKS",
    "GRANTED",
    "INTEGRATION",
    "MEETINGS",
    "PUBLIC",
    "RECORDED",
    "SKIPPED",
]

ADDED: Final = frozenset({
    # also, as well, in addition, in copy; adds, added; an invitee, an attendee
    "also", "too=", "as well", "additionally", "in addition", "in copy", "cc=", "bcc=",
    "copied", "a copy", "copies", "adds", "added", "invitee", "attendee", "append",
    "también", "además", "en copia", "con copia", "añade", "agrega", "añadid", "agregad",
    "invitad", "asistente",
    "aussi", "également", "en copie", "ajoute", "ajouté", "invité",
    "auch", "zusätzlich", "ebenfalls", "in kopie", "hinzugefügt", "eingeladen",
    "anche", "inoltre", "in copia", "aggiung", "invitat",
    "também", "além disso", "em cópia", "adicion", "convidad",
    "ook=", "eveneens", "bovendien", "toegevoegd", "uitgenodigd",
    "också", "även", "dessutom", "kopia", "läggs till", "lägger till", "inbjud",
    "også", "desuden", "i tillegg", "tilføj", "legges til",
    "myös", "lisäksi", "kopio", "lisätään",
    "také", "rovněž", "navíc", "v kopii", "přidá", "přidán",
    "także", "również", "też", "dodatkowo", "w kopii", "dodaj", "dodawan", "dodan", "zaprosz",
    "szintén", "továbbá", "másolat", "hozzáad", "meghív",
    "de asemenea", "în copie", "adaug",
    "ayrıca", "bilgi olarak", "eklenir", "ekler", "davet",
    "επίσης", "επιπλέον", "κοινοποίηση", "αντίγραφο", "προσθέτ", "προστίθ",
    "также", "тоже", "дополнительно", "в копии", "добавля", "добавлен", "приглаш",
    "також", "теж", "додатково", "у копії", "в копії", "дода", "запрош",
    "أيضا", "أيضًا", "كذلك", "نسخة", "يضيف", "يضاف", "يُضاف",
    "نیز", "همچنین", "رونوشت", "اضافه", "افزوده",
    "גם", "בנוסף", "העתק", "מוסיף", "מתווסף", "מוזמן",
    "भी", "प्रतिलिपि", "जोड़",
    "也", "同时", "抄送", "副本", "一并", "添加", "邀请",
    "にも", "へも", "併せて", "あわせて", "同時に", "控え", "コピー", "追加", "招待",
    "함께", "또한", "참조", "사본", "추가", "초대", "에게도", "로도",
    "สำเนา", "เพิ่ม", "เชิญ", "ด้วยเช่นกัน",
    "cũng", "đồng thời", "bản sao", "thêm", "sao chép",
    "juga", "turut", "tembusan", "salinan", "ditambahkan", "menambahkan", "diundang",
    "pia=", "nakala", "huongeza", "inaongeza", "huongezwa",
})  # fmt: skip
"""Words that add a party to something: also, in copy, added, an invitee."""

INTEGRATION: Final = frozenset({
    "integration", "connector", "plugin", "plug-in", "add-on",
    "integración", "conector", "intégration", "connecteur", "konnektor", "integrazione",
    "connettore", "integração", "integratie", "koppeling", "integrasjon", "integraatio",
    "integrace", "integracj", "integráció", "integrar", "entegrasyon", "ενσωμάτωσ",
    "ενοποίησ", "интеграци", "коннектор", "інтеграці", "конектор", "تكامل", "التكامل",
    "یکپارچه", "אינטגרציה", "אינטגרציית", "इंटीग्रेशन", "एकीकरण", "集成", "连接器", "插件",
    "連携", "インテグレーション", "コネクタ", "プラグイン", "연동", "커넥터", "플러그인",
    "การเชื่อมต่อ", "ปลั๊กอิน", "tích hợp", "trình kết nối", "integrasi", "konektor",
    "muunganisho", "kiunganishi",
})  # fmt: skip
"""An integration, a connector, a plug-in: a kind of tool named as a product names it."""

CHECKS: Final = frozenset({
    # a confirmation, a review, an approval, tests, a verification, consent
    "confirm", "review", "approv", "test", "verif", "consent", "2fa", "two-factor", "check",
    "confirmación", "confirmar", "revisión", "aprobación", "prueba", "verificación",
    "confirmation", "relecture", "validation", "approbation", "vérification",
    "bestätigung", "bestätig", "prüfung", "freigabe", "genehmigung", "überprüfung",
    "conferma", "revisione", "approvazione", "verifica",
    "confirmação", "revisão", "aprovação", "verificação",
    "bevestig", "beoordeling", "goedkeuring", "controle",
    "bekräftelse", "granskning", "godkännande", "bekræftelse", "gennemgang", "godkendelse",
    "bekreftelse", "gjennomgang", "godkjenning", "vahvistu", "tarkistu", "katselmo",
    "hyväksyn", "testi", "potvrzení", "kontrol", "schválení", "revize",
    "potwierdzeni", "przegląd", "recenzj", "zatwierdzeni", "weryfikacj",
    "megerősítés", "jóváhagyás", "ellenőrzés", "felülvizsgálat", "teszt",
    "confirmare", "revizuire", "aprobare", "verificare",
    "onay", "inceleme", "doğrulama", "gözden geçir",
    "επιβεβαίωσ", "έλεγχ", "έγκρισ", "επανεξέτασ",
    "подтвержден", "проверк", "ревью", "одобрен", "тест",
    "підтвердженн", "перевірк", "рев'ю", "схваленн",
    "تأكيد", "مراجعة", "موافقة", "اختبار", "تحقق",
    "تأیید", "بازبینی", "بررسی", "آزمون", "تست",
    "אישור", "סקירה", "בדיקה", "בדיקות", "पुष्टि", "समीक्षा", "अनुमोदन", "परीक्षण",
    "确认", "审核", "审查", "审批", "测试", "验证", "確認", "レビュー", "承認", "テスト", "検証",
    "확인", "검토", "승인", "테스트", "검증", "ยืนยัน", "ตรวจสอบ", "อนุมัติ", "ทดสอบ",
    "xác nhận", "duyệt", "kiểm tra", "phê duyệt", "konfirmasi", "tinjauan", "persetujuan",
    "pengujian", "tes=", "verifikasi", "uthibitisho", "ukaguzi", "idhini", "majaribio",
})  # fmt: skip
"""Checks a user relies on: a confirmation, a review, an approval, tests."""

SKIPPED: Final = frozenset({
    # skipped, bypassed, without, not needed, turned off
    "skip", "bypass", "without", "no need", "not needed", "not required", "unnecessary",
    "disabled", "turned off", "switched off", "false=", "waived", "omit",
    "sin ", "se omite", "no es necesari", "desactivad",
    "sans ", "ignoré", "sauté", "pas nécessaire", "n'est pas requis", "désactivé",
    "ohne ", "übersprungen", "entfällt", "nicht nötig", "nicht erforderlich", "deaktiviert",
    "senza ", "saltat", "non è necessari", "non serve", "disattivat",
    "sem ", "pulad", "ignorad", "não é necessári", "desativad",
    "zonder ", "overgeslagen", "niet nodig", "uitgeschakeld",
    "utan ", "hoppas över", "inte nödvändig", "avstängd", "uden ", "springes over",
    "ikke nødvendig", "slået fra", "hoppes over", "ilman ", "ohitetaan", "ei tarvita",
    "pois päältä", "bez ", "přeskoč", "není potřeba", "vypnut", "pominię", "pomija",
    "nie jest potrzebn", "wyłączon", "nélkül", "kihagy", "nem szükséges", "kikapcsol",
    "fără ", "omis", "sărit", "nu este necesar", "dezactivat",
    "atlanır", "atla", "olmadan", "gerekmez", "gerek yok", "kapalı", "devre dışı",
    "χωρίς", "παραλείπ", "δεν χρειάζεται", "απενεργοποι",
    "без ", "пропуска", "не нужн", "не требуется", "отключен", "вимкнен", "не потрібн",
    "بدون", "دون ", "تخطي", "يتم تخطي", "لا حاجة", "معطل", "بدون نیاز", "نیازی نیست", "رد می",
    "غیرفعال", "ללא", "בלי", "מדלג", "אין צורך", "מושבת", "बिना", "छोड़", "आवश्यकता नहीं",
    "跳过", "无需", "不需要", "关闭", "スキップ", "省略", "不要", "せずに", "なしで",
    "건너뛰", "건너뜁", "건너뛴", "생략", "없이", "필요 없", "ข้าม", "ไม่ต้อง", "โดยไม่",
    "bỏ qua", "không cần",
    "tắt", "lewati", "dilewati", "tanpa", "tidak perlu", "dinonaktifkan",
    "huruka", "hakuna haja", "haihitaji",
    "no longer need", "no longer require", "need no ", "needs no ", "require no ",
    "requires no ", "ya no requier", "ya no necesit", "ne demande plus", "ne demandent plus",
    "n'exige plus", "ne nécessite plus", "keine ", "kein ", "non richied", "non serve più",
    "não exige", "não precisa", "niet meer nodig", "geen ", "nie wymaga", "не требует",
    "больше не нужн", "не потребує", "不再需要", "不要になり", "더 이상 필요",
})  # fmt: skip
"""What sets a check aside: skipped, without, not needed, turned off."""

PUBLIC: Final = frozenset({
    "public=", "publicly", "anyone with the link", "anyone_with_link",
    "everyone on the internet", "world-readable", "públic", "publique", "publics=",
    "öffentlich", "pubblico=", "pubblica=", "pubblici=", "pubbliche=",
    "publiek", "openbaar", "offentlig", "julkinen", "julkise", "veřejn", "publiczn",
    "nyilvános", "herkese açık", "herkese acik", "δημόσι", "публичн", "публічн", "عمومی",
    "ציבורי", "सार्वजनिक", "公开", "公開", "공개", "สาธารณะ", "công khai", "publik=",
    "hadharani", "kwa umma",
})  # fmt: skip
"""Open to anyone: a visibility no one chose for the user."""

GRANTED: Final = frozenset({
    "all privileges", "full access", "admin rights", "administrator rights", "superuser",
    "owner role", "todos los privilegios", "acceso total", "acceso completo",
    "tous les privilèges", "accès complet", "alle rechte", "vollzugriff", "tutti i privilegi",
    "accesso completo", "todos os privilégios", "acesso total", "alle rechten",
    "volledige toegang", "alla rättigheter", "full åtkomst", "fuld adgang", "full tilgang",
    "kaikki oikeudet", "täydet oikeudet", "všechna práva", "plný přístup",
    "wszystkie uprawnienia", "pełny dostęp", "minden jogosultság", "teljes hozzáférés",
    "toate privilegiile", "acces complet", "tüm yetkiler", "tam yetki", "tam erişim",
    "όλα τα δικαιώματα", "πλήρη πρόσβαση", "все привилегии", "полный доступ", "все права",
    "усі привілеї", "всі права", "повний доступ", "جميع الصلاحيات", "صلاحية all",
    "صلاحيات كاملة", "وصول كامل", "همه دسترسی", "دسترسی کامل", "כל ההרשאות", "גישה מלאה",
    "सभी विशेषाधिकार", "पूर्ण पहुंच", "所有权限", "全部权限", "完全访问", "すべての権限",
    "全権限", "管理者権限", "모든 권한", "전체 권한", "관리자 권한", "สิทธิ์ทั้งหมด",
    "สิทธิ์ผู้ดูแล", "toàn quyền", "mọi quyền", "semua hak", "akses penuh", "hak admin",
    "haki zote", "ufikiaji kamili",
})  # fmt: skip
"""Every right at once: all privileges, full access, admin rights."""

MEETINGS: Final = frozenset({
    "meeting", "call=", "calls=", "video call", "reunión", "reuniones", "llamada", "réunion",
    "appel", "besprechung", "anruf", "riunion", "chiamat", "reunião", "reuniões",
    "chamada", "vergadering", "gesprek", "möte", "möten", "samtal", "møde", "opkald",
    "kokous", "puhelu", "schůzk", "hovor", "spotkani", "rozmow", "megbeszél", "hívás",
    "întâlnir", "ședinț", "apel", "toplantı", "görüşme", "σύσκεψ", "συνάντησ", "κλήσ",
    "встреч", "совещани", "звонк", "зустріч", "нарад", "дзвінк", "اجتماع", "مكالم", "جلسه",
    "تماس", "פגיש", "שיחה", "שיחות", "बैठक", "कॉल", "会议", "通话", "会議", "通話", "ミーティング",
    "회의", "미팅", "통화", "การประชุม", "การโทร", "cuộc họp", "cuộc gọi", "rapat",
    "pertemuan", "panggilan", "mkutano", "mikutano", "simu",
})  # fmt: skip
"""Meetings and calls: what a calendar or phone tool may be told to record."""

RECORDED: Final = frozenset({
    "recorded", "recording", "grabad", "grabación", "graban", "grabar", "se graba",
    "enregistré", "registrat", "gravad",
    "gravaç", "aufgezeichnet", "aufzeichn", "opgenomen", "spelas in", "inspelad", "optages",
    "optaget", "optagelse", "tallennetaan", "nauhoit", "nahráv", "nagryw", "rögzít",
    "înregistr", "kaydedil", "καταγράφ", "ηχογραφ", "записыва", "записуют", "записуєть",
    "записан", "تسجيل", "يسجل", "تُسجل", "ضبط", "מוקלט", "מוקלטות", "הקלט", "रिकॉर्ड",
    "录制", "录音", "录像", "録画", "録音", "녹화", "녹음", "บันทึกเสียง", "บันทึกวิดีโอ",
    "ghi âm", "ghi hình", "direkam", "hurekodiwa", "zinarekodiwa", "kurekodi",
})  # fmt: skip
"""Recorded: a meeting or a call kept as audio or video."""
