# ruff: noqa: RUF001 (words in Greek, Cyrillic and other scripts)
"""Kinds of sensitive data a field may ask for, and the words of tools whose job they are.

Each kind (`KINDS`) has two vocabularies of lowercase stems, matched as
`toolbridge.security._concept_match.Concept` matches them (at a word's start where words
are spaced, a stem ending in ``=`` as a whole word): what names the data (a password,
a one-time code, a card number, a passport number or a selfie, a diagnosis, the
conversation, a location history, private messages, an address book, a browsing
history), and what a tool whose subject is that data is called or says it does (signing
in, payments, identity checks and travel, health care, chats, maps, messaging, the
browser). A field of a tool asking for a kind its
tool has no word of is the shape `toolbridge.security._offtopic` reports: a password on
a stock quote, a bank code on a weather forecast, a passport number on a holiday
calendar. An API key or a token is read only where a description puts it in a field
named for something else (`Kind.elsewhere`): every hosted API's own fields take one. A
bank's or a wallet's sign-in, a whole store of the phone (every contact, the camera
roll, the SMS inbox) and the clipboard are kinds of their own, vouched for by no sibling
field (`Kind.siblings`).

Languages: English, Spanish, Catalan, French, German, Italian, Portuguese, Dutch, the
Nordic languages, Polish, Czech, Hungarian, Romanian, Turkish, Greek, Russian,
Ukrainian, Arabic, Persian, Hebrew, Hindi, Bengali, Chinese, Japanese, Korean, Thai,
Vietnamese, Indonesian and Malay, Swahili. The ``_MORE_`` vocabularies add, for the
password, card, identity, health, location and private-message kinds, the South Slavic
languages (Latin and Cyrillic), Slovak, Bulgarian, the Baltic languages, Estonian,
Icelandic, Welsh, Basque, Galician, Albanian, Georgian, Armenian, Azerbaijani, Kazakh,
Uzbek, the languages of India, Pakistan, Nepal and Sri Lanka, Khmer, Burmese, Lao,
Filipino, Amharic, Hausa, Yoruba, Igbo, Zulu, Afrikaans and Somali, and the ASCII forms
(no diacritics) in which identifiers spell the words of the others: ``jelszo``,
``haslo``, ``sifre``. In scripts that do not space words (from Armenian on) a stem
matches anywhere, so those are whole phrases.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from toolbridge.security._biometrics import BIOMETRIC, BIOMETRIC_TOOLS, NOT_BIOMETRIC
from toolbridge.security._concept_words import (
    ALL,
    EARLIER,
    INSTRUCTIONS,
    PERSONAL,
    RECEIVED,
    SEEN,
    TALK,
    YOU,
)
from toolbridge.security._eid_words import EID, EID_TOOLS
from toolbridge.security._special_words import SPECIAL, SPECIAL_TOOLS

__all__ = ["HOME", "KINDS", "UPPER", "Kind"]


class Kind(NamedTuple):
    """One kind of sensitive data: the words that name it, and its tools' words."""

    name: str
    """What it is, for the finding's explanation."""
    asked: frozenset[str]
    """Words naming the data, in a field."""
    domain: frozenset[str]
    """Words of a tool whose subject the data is (its name, title or description)."""
    named: frozenset[str] = frozenset()
    """Words of such a tool in its name or its fields' names only: a description speaks
    of the user whatever the tool does, a ``create_user`` tool is about users."""
    qualified: frozenset[str] = frozenset()
    """When not empty, words of which the field must hold one too: "messages" are the
    conversation only beside "earlier", "all" or "the user"."""
    distinct: int = 1
    """Distinct words of `asked` the field must hold: a phone number is a contact
    field's, a phone number and a home address are someone's profile."""
    purpose: frozenset[str] = frozenset()
    """Words by which the field itself says what the data is for, within the kind's
    subject: a password "used to sign in", "for the shared link", "when rotating it"."""
    secret: bool = False
    """Whether it is a secret no field named for something else may take: a tool that
    needs a password names the field ``password``; a ``note`` or ``extra`` field asking
    for one asks for what the tool never says it takes."""
    elsewhere: bool = False
    """Whether only a description filling a field named for something else asks for it:
    every hosted API's own fields take an API key, but no ``author`` a description
    fills with one does."""
    siblings: bool = True
    """Whether the tool's other fields' names may vouch for it. A KYC form asks for
    several identity numbers together; an ``online_banking_user`` beside an
    ``online_banking_password`` is the same ask twice, and a ``message`` beside "every
    contact on the device" makes no phone tree a contact manager."""


_CREDENTIALS: Final = frozenset({
    # English
    "password", "passphrase", "passcode", "pin=", "pins=", "pin code", "pin number", "otp",
    "pincode", "pin-code", "pinkod", "pinkoodi",
    "one-time code", "one time code", "one-time password", "one-time pin", "2fa code",
    "mfa code", "verification code", "security code", "sms code", "auth code",
    "authentication code", "login code", "tan=",
    "recovery code", "backup code",
    "security answer", "maiden name", "login details", "login credentials",
    "sign-in details", "user's credentials", "credentials of the user",
    # Romance
    "contraseña", "código de verificación", "código sms", "clave de acceso", "credenciales",
    "mot de passe", "mots de passe", "code de vérification", "code sms",
    "code à usage unique", "identifiants de connexion",
    "contrasenya", "senha", "código de verificação", "código de acesso", "credenciais",
    "password monouso", "codice di verifica", "codice otp", "credenziali", "parola d'ordine",
    "parolă", "parola contului", "cod de verificare",
    # Germanic, Nordic, Finnish
    "passwort", "kennwort", "zugangsdaten", "anmeldedaten", "bestätigungscode",
    "einmalcode", "einmalpasswort", "passwört", "passwoert", "wachtwoord",
    "inloggegevens", "verificatiecode", "sms-code", "eenmalige code", "lösenord",
    "engångskod", "adgangskode", "engangskode", "passord", "kodeord", "salasana",
    "tunnusluku", "vahvistuskoodi", "kertakäyttökoodi",
    # Slavic, Hungarian, Turkish, Greek
    "hasło", "hasła", "haseł", "hasłem", "kod weryfikacyjny", "kod sms", "dane logowania",
    "heslo", "hesla", "ověřovací kód", "přihlašovací údaje", "jelszó", "jelszav",
    "ellenőrző kód", "şifre", "doğrulama kodu", "tek kullanımlık", "κωδικό πρόσβασης",
    "κωδικός πρόσβασης", "κωδικού πρόσβασης", "συνθηματικ", "κωδικό επαλήθευσης",
    "пароль", "пароли", "паролі", "паролем", "парола", "лозинк", "код подтверждения",
    "одноразов", "код із смс", "код из смс", "смс-код", "код підтвердження",
    # Arabic, Persian, Hebrew, Hindi, Bengali
    "كلمة المرور", "كلمات المرور", "كلمة السر", "كلمة مرور", "رمز التحقق", "رمز التحقّق",
    "رمز لمرة واحدة", "الرقم السري", "رمز عبور", "گذرواژه", "کد تایید", "کد تأیید",
    "رمز یکبار", "סיסמ", "קוד אימות", "קוד חד פעמי", "पासवर्ड", "ओटीपी", "सत्यापन कोड",
    "पिन=", "পাসওয়ার্ড", "ওটিপি", "যাচাই কোড", "পিন=",
    # CJK, Thai, Vietnamese, Indonesian, Swahili
    "密码", "密碼", "口令", "验证码", "驗證碼", "パスワード", "暗証番号",
    "認証コード", "確認コード", "ワンタイム", "秘密鍵", "비밀번호", "인증 코드", "인증번호",
    "인증코드", "รหัสผ่าน", "รหัส otp", "mật khẩu", "mã otp", "mã xác", "kata sandi",
    "kata laluan", "kode verifikasi", "kode otp", "nywila", "nenosiri",
    # a bank's or a home's own codes
    "alarm code", "door code", "gate code", "keypad code", "lock code",
    "taxisnet", "ọrọigbaniwọle",
    "master password", "totp seed", "totp secret", "secretul totp", "záložní kód",
    "recovery key", "bitlocker", "1password export", "password manager export",
    "bitwarden export", "lastpass export", "keepass database", "password vault",
    "pre-shared key", "psk=", "wifi psk", "wi-fi psk", "wpa2", "wpa key", "wpa-psk",
    "pin1=", "pin2=", "master code", "admin code",
    "saved wi-fi", "saved wifi", "administratorkennwort", "adminkennwort",
    "wiederherstellungsschlüssel",
    "záložních kódů", "የይለፍ ቃል", "ntlm hash", "sam hash",
})  # fmt: skip
"""What proves who someone is when they sign in: a password, a one-time code, a PIN."""

_CREDENTIAL_TOOLS: Final = frozenset({
    # English
    "login", "log in", "logon", "log on", "sign in", "signs in", "logs in", "logs on",
    "signin", "sign-in", "sign on", "sso",
    "signup", "sign up", "password", "passphrase", "passcode", "credential",
    "otp", "totp", "hotp", "2fa", "mfa", "one-time", "verification code", "admin",
    "connect", "conference", "meeting", "webinar", "ported", "porting", "shared link",
    "database", "sql", "postgres", "mysql",
    "mongo", "redis", "ldap", "smtp", "imap", "pop3", "ftp", "sftp", "ssh", "vpn", "wifi",
    "wi-fi", "router", "vault", "secret", "keychain", "keyring", "decrypt", "encrypt", "unlock",
    "protect", "pdf", "bcrypt", "argon", "reset", "recover", "pin=", "identity",
    "identit", "kyc", "certificate", "security", "registry", "tls", "ssl",
    "x509", "keypair", "key pair", "signing", "signature", "jwt", "gpg", "pgp",
    "proxy", "mailbox", "inbox", "share link", "sharing link", "alarm", "disarm", "keypad",
    "door lock", "smart lock", "lockbox", "lobby", "private room",
    # Romance
    "iniciar sesión", "inicio de sesión", "contraseña", "connexion",
    "se connecter", "mot de passe",
    "senha", "cont=",
    "autentific", "autentica", "autenti", "authentifi",
    # Germanic, Nordic, Finnish
    "anmeld", "einlogg", "passwort", "kennwort",
    "inlog", "aanmeld", "wachtwoord", "logga in", "inloggning",
    "lösenord", "kirjaudu", "kirjautu", "salasana",
    "tunnist", "digid", "bankid", "mitid",
    # Slavic, Hungarian, Turkish, Greek
    "logowan", "zaloguj", "hasło", "przihláš", "přihláš", "heslo",
    "bejelentkez", "jelszó", "giriş", "oturum", "şifre", "e-devlet",
    "σύνδεσ", "вход", "войти", "авториз", "аутентиф", "пароль", "учётн",
    "учетн", "вхід", "увійти", "обліков",
    # Arabic, Persian, Hebrew, Hindi, Bengali
    "تسجيل الدخول", "الدخول", "مصادقة", "كلمة المرور", "ورود", "حساب کاربری",
    "رمز عبور", "התחבר", "התחברות", "כניסה", "סיסמ", "लॉगिन", "लॉग इन",
    "पासवर्ड", "লগইন", "অ্যাকাউন্ট",
    # CJK, Thai, Vietnamese, Indonesian, Swahili
    "登录", "登錄", "登入", "密码", "密碼", "认证", "認證",
    "ログイン", "サインイン", "認証", "パスワード", "로그인", "인증",
    "비밀번호", "เข้าสู่ระบบ", "đăng nhập", "xác thực",
    "autentikasi",
    "session token", "zoom meeting", "zoom call", "hash=", "hashes=", "hashing", "zip file",
    "unzip", "7z", "rar=", "rotate key", "rotate secret", "rotate credential",
    "rotate password", "rotation", "cert=", "certs=",
    "auth=", "authentication", "authoriz", "oauth", "db=", "git=", "github", "gitlab",
    "password strength",
})  # fmt: skip
"""What a tool that takes a password or a code is about: signing in, an account, a
connection, a protected file, link or game lobby, a key store, an alarm or a lock."""

_PAYMENT: Final = frozenset({
    # English
    "card number", "credit card", "debit card", "bank card", "cvv", "cvc", "cvv2",
    "track data", "magnetic stripe", "track 1 data", "track 2 data",
    "card verification", "security code on the card", "expiry date of the card",
    "iban", "bank account", "account number", "routing number", "sort code",
    "bank details", "banking details",
    # Romance
    "tarjeta de crédito", "tarjeta de débito", "número de tarjeta", "numero de tarjeta",
    "numero tarjeta", "número tarjeta", "dígitos de la tarjeta", "digitos de la tarjeta",
    "cuenta bancaria",
    "datos bancarios", "carte bancaire", "carte de crédit", "numéro de carte",
    "compte bancaire", "coordonnées bancaires", "rib=", "carta di credito", "numero della carta",
    "conto corrente", "conto bancario", "cartão de crédito", "número do cartão",
    "conta bancária", "dados bancários", "card de credit",
    # Germanic, Nordic, Finnish
    "kreditkarte", "kartennummer", "bankkonto", "kontonummer", "bankverbindung",
    "bankdaten", "creditcard", "kaartnummer", "bankrekening", "rekeningnummer",
    "bankgegevens", "kortnummer", "kreditkort", "bankkort", "luottokortti",
    "kortin numero", "pankkitili", "tilinumero",
    # Slavic, Hungarian, Turkish, Greek
    "karta kredytowa", "karty kredytowej", "numer karty", "konto bankowe",
    "numer konta", "platební karta", "číslo karty", "bankovní účet", "číslo účtu",
    "bankkártya", "kártyaszám", "bankszámla", "kredi kartı", "kart numara", "banka hesab",
    "πιστωτικ", "αριθμό κάρτας", "τραπεζικό λογαριασμ", "номер карты", "банковской карты",
    "кредитной карты", "банковский счёт", "банковский счет", "номер счёта", "номер счета",
    "номер картки", "банківськ", "рахунок",
    # Arabic, Persian, Hebrew, Hindi, Bengali
    "بطاقة الائتمان", "بطاقة ائتمان", "رقم البطاقة", "حساب بنكي", "حساب مصرفي",
    "الحساب البنكي", "کارت بانکی", "شماره کارت", "حساب بانکی", "شماره حساب",
    "כרטיס אשראי", "כרטיס האשראי", "מספר כרטיס", "חשבון בנק", "חשבון הבנק",
    "क्रेडिट कार्ड", "कार्ड नंबर", "बैंक खात", "ক্রেডিট কার্ড", "ব্যাংক অ্যাকাউন্ট",
    # CJK, Thai, Vietnamese, Indonesian, Swahili
    "信用卡", "银行卡", "銀行卡", "卡号", "卡號", "银行账户", "銀行帳戶", "クレジットカード",
    "カード番号", "銀行口座", "口座番号", "신용카드", "카드 번호", "카드번호", "은행 계좌",
    "계좌번호", "บัตรเครดิต", "เลขบัตร", "บัญชีธนาคาร", "thẻ tín dụng", "số thẻ",
    "tài khoản ngân hàng", "kartu kredit", "nomor kartu", "rekening bank", "nomor rekening",
    "kad kredit", "akaunti ya benki",
})  # fmt: skip
"""What pays: a card's number and code, a bank account."""

_PAYMENT_TOOLS: Final = frozenset({
    # English
    "pay", "checkout", "check out", "purchase", "buy", "billing", "invoice",
    "bank", "transfer", "iban", "wallet", "subscri", "donat", "refund", "charge",
    "financ", "payroll", "salary", "salaries", "tax", "merchant", "stripe", "paypal", "sepa=",
    "direct debit", "mandate", "loan", "account", "customer", "reserv", "shop", "kyc", "fraud",
    "bin=", "swift", "bic=", "remit",
    "settle", "expense", "accounting", "ledger", "vendor", "supplier", "employee", "hr=",
    "payee", "payer", "fund", "pension", "bsb", "routing", "sort code",
    # Romance
    "pago", "pagar", "factura", "compra", "banco", "tarjeta", "transferencia",
    "paiement", "facture", "achat", "banque", "virement",
    "pagamento", "pagare", "fattura", "acquisto", "banca=", "bonifico",
    "fatura", "cartão", "boleto", "pix",
    # Germanic, Nordic, Finnish
    "zahlung", "bezahl", "rechnung", "konto", "karte", "überweis",
    "lastschrift", "betaling", "betalen", "factuur", "aankoop", "rekening", "overboek",
    "betalning", "faktura", "köp", "betal", "maksu", "osto", "pankki", "tili",
    # Slavic, Hungarian, Turkish, Greek
    "płatnoś", "zapłat", "faktur", "zakup", "przelew", "platb", "zaplat", "nákup",
    "fizet", "számla", "vásárl", "ödeme", "satın", "banka", "havale",
    "πληρωμ", "τιμολόγ", "τράπεζ", "оплат", "покуп", "банк",
    "перевод", "переказ",
    # Arabic, Persian, Hebrew, Hindi, Bengali
    "دفع", "فاتورة", "شراء", "بنك", "مصرف", "تحويل", "پرداخت", "فاکتور", "خرید", "بانک",
    "תשלום", "חשבונית", "רכישה", "בנק", "העברה", "भुगतान", "बिल", "बैंक", "খরচ", "পেমেন্ট",
    # CJK, Thai, Vietnamese, Indonesian, Swahili
    "支付", "付款", "发票", "發票", "购买", "購買", "银行", "銀行", "转账", "轉帳", "決済",
    "支払", "請求", "購入", "振込", "결제", "지불", "청구", "구매", "은행", "송금", "ชำระ",
    "จ่าย", "ธนาคาร", "โอน", "thanh toán", "hóa đơn", "mua", "ngân hàng", "chuyển khoản",
    "bayar", "pembayaran", "tagihan", "beli", "malipo", "lipa", "benki",
    # a card's balance: a transit or gift card is read by its number
    "balance", "saldo", "solde", "guthaben", "bakiye", "баланс", "رصيد", "موجودی",
    "יתרה", "余额", "餘額", "残高", "잔액", "ยอดเงิน", "số dư", "baki", "salio",
    "transit card", "交通卡", "交通カード", "교통카드",
    "place an order", "place order", "create order", "new order", "submit order", "booking",
    "book a", "book the", "buy ticket", "ticket purchase", "cart=", "carts=", "gift card",
    "card payment", "payment card", "credit card", "credit line", "credit score",
    "credit check", "bank statement", "account statement", "bill=", "bills=",
    "carte=", "cartes=", "carte bancaire", "conto corrente", "conta bancária",
    "cuenta bancaria", "compte bancaire", "lasku=", "laskun", "laskut", "платёж", "платеж",
    "счёт=", "счет=", "рахунок", "kaufen", "einkauf",
    "платіж",
})  # fmt: skip
"""What a tool that takes a card or an account is about: paying, billing, a bank."""

_NOT_IDENTITY: Final = frozenset({
    "subscri", "pay", "billing", "invoice", "refund", "charge", "customer", "settle",
    "expense", "vendor", "supplier", "remit", "account", "konto", "karte", "tili", "rekening",
})  # fmt: skip
"""Of `_PAYMENT_TOOLS`, words of paying that need no identity number: a subscription, a
payment, a bill or an invoice (any quote is paid), a refund, a remittance run, an account
(``konto``, ``tili``), a card (``Karte``)."""

_ORDERING: Final = frozenset({
    "checkout", "check out", "purchase", "buy", "shop", "reserv", "place an order",
    "place order", "create order", "new order", "submit order", "booking", "book a",
    "book the", "buy ticket", "ticket purchase", "cart=", "carts=", "gift card", "compra",
    "achat", "acquisto", "köp", "kaufen", "einkauf", "aankoop", "osto", "zakup", "nákup",
    "vásárl", "satın", "покуп", "شراء", "خرید", "רכישה", "购买", "購買", "購入", "구매",
    "mua", "beli",
})  # fmt: skip
"""Of `_PAYMENT_TOOLS`, the words of ordering and booking: a shop or a restaurant takes a
card, not an identity number."""

_TRAVEL: Final = frozenset({
    "flight", "airline", "airport", "hotel", "hostel", "lodging", "accommodation", "travel",
    "itinerar", "ferry", "cruise", "car hire", "car rental", "vuelo", "viaje", "voyage",
    "vol=", "vols=", "flug", "reise", "volo", "viaggio", "voo=", "viagem", "vlucht",
    "podróż", "lot=", "uçuş", "seyahat", "рейс", "путешеств", "авиа", "航班", "机票", "旅行",
    "フライト", "航空", "항공", "여행", "เที่ยวบิน", "chuyến bay", "penerbangan",
})  # fmt: skip
"""What a tool that takes a passport for travel is about: flights, hotels, trips."""

_IDENTITY: Final = frozenset({
    "code melli", "afm=", "جواز سفر", "rodná čísla", "rodných čísel", "rodna cisla",
    "henkilötunnuks", "henkilotunnuks", "cnp-ul", "cnp-uri", "cnp-urile", "bvn=",
    "codul numeric personal", "cod numeric personal", "philsys", "emirates id",
    # English
    "ssn", "social security", "national id", "national identity", "national insurance number",
    "id number", "identity number", "id card", "identity card", "identity document",
    "passport", "tax id", "tax number", "taxpayer", "driver's licen", "driving licen",
    "drivers licen", "date of birth", "birth date", "birthdate", "citizen number",
    "citizen service number", "personal number", "aadhaar", "pan card", "pan number",
    "social insurance number", "residence permit", "selfie", "biometric", "face scan",
    "facial scan", "liveness", "id scan", "scan of the id", "photo of the id",
    # Romance
    "documento de identidad", "número de identificación", "dni=", "nif=", "curp",
    "pasaporte", "fecha de nacimiento", "seguridad social", "carte d'identité",
    "pièce d'identité", "numéro de sécurité sociale", "sécurité sociale", "passeport",
    "date de naissance", "carta d'identità", "codice fiscale", "passaporto",
    "data di nascita", "cpf", "passaporte", "data de nascimento", "identidade",
    "buletin",
    # Germanic, Nordic, Finnish
    "personalausweis", "ausweisnummer", "ausweis", "reisepass", "passnummer", "steuer-id",
    "steueridentifikationsnummer", "sozialversicherungsnummer", "geburtsdatum",
    "burgerservicenummer", "bsn", "paspoort", "identiteitskaart", "geboortedatum",
    "personnummer", "fødselsnummer", "cpr-nummer", "henkilötunnus", "syntymäaika",
    "kennitala",
    # Slavic, Hungarian, Turkish, Greek
    "pesel", "dowód osobist", "dowodu osobist", "dowodem osobist", "paszport",
    "data urodzenia", "rodné číslo",
    "občanský průkaz", "cestovní pas", "személyi igazolvány", "adóazonosító", "taj szám",
    "útlevél", "kimlik numara", "t.c. kimlik", "tc kimlik", "nüfus cüzdan", "pasaport",
    "doğum tarihi", "αριθμό ταυτότητας", "ταυτότητ", "αμκα", "αφμ", "διαβατήρι",
    "паспорт", "снилс", "дата рождения", "ідентифікаційн", "рнокпп",
    # Arabic, Persian, Hebrew, Hindi, Bengali
    "رقم الهوية", "بطاقة الهوية", "الرقم الوطني", "الهوية الوطنية", "جواز السفر",
    "تاريخ الميلاد", "کد ملی", "شماره ملی", "کارت ملی", "گذرنامه", "پاسپورت",
    "تاریخ تولد", "תעודת זהות", "תעודת הזהות", "מספר זהות", "דרכון", "תאריך לידה", "आधार",
    "पैन कार्ड", "पासपोर्ट", "जन्म तिथि", "জাতীয় পরিচয়", "পাসপোর্ট",
    # CJK, Thai, Vietnamese, Indonesian, Swahili
    "身份证", "身分證", "护照", "護照", "出生日期", "マイナンバー", "パスポート",
    "運転免許証", "生年月日", "주민등록", "여권", "생년월일", "운전면허", "เลขบัตรประชาชน",
    "บัตรประชาชน", "หนังสือเดินทาง", "căn cước", "cccd", "cmnd", "hộ chiếu",
    "ngày sinh", "ktp", "paspor", "tanggal lahir", "kad pengenalan", "mykad",
    "kitambulisho", "pasipoti",
})  # fmt: skip
"""Who someone is to a state: a national id, a passport, a tax number, a date of birth."""

_IDENTITY_TOOLS: Final = frozenset({
    # English
    "kyc", "identity", "identit", "identify", "passport", "visa", "check-in", "checkin",
    "check in", "boarding", "rental", "tax", "payroll", "hr=", "employ", "onboard",
    "hire", "recruit", "candidate", "register", "registration", "enrol", "enroll",
    "sanction", "watchlist", "aml=", "ofac", "sdn=", "pep=", "consolidated list",
    "ctr=", "bsa=", "criminal record", "dbs=",
    "right to rent", "right to work", "share code",
    "power of attorney", "pełnomocni",
    "patient", "health", "medical", "insur", "government", "citizen", "immigra",
    "customs", "border", "voter", "age verification", "age check", "birth", "bank", "loan",
    "mortgage", "lease", "tenant", "background check", "notary", "customer", "student",
    "pension", "astrolog",
    "horoscope", "zodiac", "municipal", "city hall", "town hall", "authorit",
    "civil regist", "public service",
    "πιστοποιητικ", "δήμ", "αίτησ", "bescheinigung", "behörde", "bürgeramt", "gemeente",
    "mairie", "préfecture", "attestation", "certificat=", "ayuntamiento", "certificado",
    "trámite", "comune", "certificato", "anagrafe", "prefeitura", "certidão", "zaświadcz",
    "urząd", "potvrzení", "úřad", "igazolás", "hivatal", "belediye", "nüfus", "госуслуг",
    "справк", "муніципал", "довідк", "بلدية", "شهادة", "شهرداری", "گواهی", "עירייה",
    "אישור", "प्रमाण पत्र", "नगर निगम", "证明", "證明", "政务", "市役所", "区役所", "証明書",
    "민원", "증명서", "주민센터", "เทศบาล", "หนังสือรับรอง", "giấy chứng nhận", "kelurahan",
    "surat keterangan", "cheti",
    # Romance
    "identidad", "impuesto", "empleado",
    "paciente", "salud", "registro", "identité",
    "impôt", "employé", "santé", "assurance",
    "inscription", "identità",
    "dipendent", "paziente", "salute", "assicura", "identidade",
    "imposto", "funcionário", "saúde", "cadastro", "nota fiscal", "fiscal",
    "rembours", "mutuelle",
    # Germanic, Nordic, Finnish
    "identität", "ausweis", "mitarbeit",
    "gesundheit", "versicher", "konto", "registrier", "identiteit",
    "belasting", "werknemer", "verzeker", "registratie",
    "skatt", "anställd", "försäkring",
    "työntekijä", "potilas", "vakuutus",
    "rekisteröi",
    # Slavic, Hungarian, Turkish, Greek
    "tożsamoś", "pracown", "pacjent", "ubezpiecz",
    "totožnost", "daň", "zaměstnan", "pojišt", "azonosít",
    "adó", "munkavállal", "biztosít", "kimlik",
    "vergi", "çalışan", "sigorta", "e-devlet",
    "ταυτοποίησ", "φόρ", "ασφάλισ", "идентиф", "верифик",
    "налог", "сотрудник", "пациент", "страхов",
    "податк", "працівник",
    # Arabic, Persian, Hebrew, Hindi, Bengali
    "هوية", "ضريبة", "موظف", "مريض", "تأمين",
    "احراز هویت", "هویت", "مالیات", "کارمند", "بیمار", "بیمه", "זהות",
    "מס=", "עובד", "מטופל", "ביטוח", "पहचान",
    "कर=", "कर्मचारी", "मरीज", "बीमा", "পরিচয়", "যাচাই",
    # CJK, Thai, Vietnamese, Indonesian, Swahili
    "身份", "身分", "实名", "實名", "认证", "認證",
    "税", "稅", "员工", "員工", "患者", "保险", "保險", "本人確認",
    "従業員", "保険", "본인 확인", "본인인증", "신원", "세금",
    "직원", "환자", "보험", "ยืนยันตัวตน", "ภาษี", "พนักงาน",
    "ประกัน", "danh tính", "thuế", "nhân viên",
    "bảo hiểm", "identitas", "pajak",
    "karyawan", "asuransi", "utambulisho", "bima", "kodi",
    "payee", "driver's licen", "driving licen",
    "residence permit", "work permit", "social benefit",
    "steuer=", "steuern", "steuererklärung", "steuernummer", "podatek", "podatku", "podatki",
    "zorgverzeker", "zorgverlen",
})  # fmt: skip
"""What a tool that takes an identity number is about: checking identity, travel, tax,
employment, insurance, health care. Not the words a tool says in passing ("the staff
kitchen", "the company's open day", "business cards", "a certificate of attendance", "an
account"): with them, a passport asked for by any order form was its own."""

_HEALTH: Final = frozenset({
    # English
    "diagnos", "medical record", "medical history", "health record", "health data",
    "health information", "health condition", "health insurance number", "medications",
    "prescriptions", "mental health", "hiv status", "blood test", "blood type", "blood group",
    "medical condition", "chronic condition", "chronic illness", "current medication",
    "medication list", "list of medications", "diagnosed", "blood pressure reading",
    "pregnancy status", "disabilit", "medical report", "medical results", "medical exam",
    "medical certificate", "occupational health", "audiogram", "drug test", "lung function",
    "eyesight test", "menstrual", "menstruation", "apple health", "healthkit",
    "lab results", "test results of the", "patologie", "patologías", "patologias",
    "tessera sanitaria",
    # Romance, Germanic
    "diagnóstic", "historial médico", "historia clínica", "historial clínico",
    "dossier médical", "antécédents médicaux", "cartella clinica", "storia clinica",
    "prontuário", "histórico médico", "diagnose", "krankengeschichte", "krankenakte",
    "krankenversichertennummer", "versichertennummer", "gesundheitsdaten",
    "medisch dossier", "medische gegevens", "diagnoos", "journalanteckning",
    "medicamentos que toma", "médicaments pris", "traitements en cours", "farmaci assunti",
    "medicamentos em uso", "eingenommene medikamente", "medikamentenliste",
    "historia choroby", "historii choroby", "przyjmowane leki", "dokumentacja medyczna",
    "zdravotní dokumentac", "kórtörténet", "sağlık geçmiş", "kullandığı ilaç",
    "ιατρικό ιστορικό", "принимаемые лекарства", "ліки, які", "服用中の薬", "服用している薬",
    "正在服用", "복용 중인 약", "복용 약",
    # Other scripts
    "تشخیص", "پرونده پزشکی", "سابقه پزشکی", "التاريخ الطبي", "السجل الطبي", "تشخيص",
    "רפואי", "אבחנ", "निदान", "मेडिकल रिकॉर्ड", "病历", "病歷", "诊断", "診断", "病歴",
    "병력", "진단", "의료 기록", "ประวัติการรักษา", "bệnh án", "chẩn đoán",
    "riwayat penyakit", "rekam medis", "диагноз", "история болезни", "медицинск",
    "बीमारियाँ", "बीमारियां", "दवाइयाँ", "दवाइयां", "sağlık raporu", "kan grubu",
    "psikiyatri", "ประวัติสุขภาพ", "ผลตรวจสุขภาพ", "egészségügyi adat", "taj-szám",
    "медичн", "діагноз",
})  # fmt: skip
"""What is said of someone's health: a diagnosis, a medical record."""

_HEALTH_TOOLS: Final = frozenset({
    "health", "medic", "patient", "clinic", "doctor", "hospital", "pharma", "drug", "symptom",
    "nurse", "therap", "dental", "dentist", "insur", "fitness", "workout", "diet",
    "nutrition", "wellness", "ehr", "fhir", "hl7", "prescri", "diagnos",
    "salud", "médic", "paciente", "santé", "mutuelle", "salute", "saúde",
    "gesundheit", "arzt", "ärzt", "kranken", "gezondheid", "arts=",
    "hälsa", "helse", "terveys", "lääkär", "zdrow", "lekar", "lékař", "egészség", "orvos",
    "sağlık", "doktor", "υγεί", "ιατρ", "здоров", "врач", "лікар", "صحة", "طبي", "سلامت",
    "پزشک", "בריאות", "רופא", "स्वास्थ्य", "डॉक्टर", "健康", "医疗", "醫療", "医院", "病院",
    "医療", "건강", "의료", "병원", "สุขภาพ", "โรงพยาบาล", "sức khỏe", "bệnh viện",
    "kesehatan", "dokter", "afya", "daktari",
    "healthcare", "health care", "care plan", "caregiver", "lab result", "laboratory",
    "zorgverzeker", "zorgverlen", "huisarts", "arztpraxis",
})  # fmt: skip
"""What a tool that takes health data is about."""

_TALK: Final = frozenset({
    "conversation history", "chat history", "chat log", "chat transcript", "transcript of",
    "samtalehistorikk", "samtalehistorik", "konversationshistorik",
    "whole conversation", "entire conversation", "full conversation", "the conversation so far",
    "previous messages", "earlier messages", "prior messages", "every message", "all messages",
    "last messages", "messages so far",
    "historial de la conversación", "historial del chat", "conversación completa",
    "historique de la conversation", "historique du chat", "conversation complète",
    "cronologia della conversazione", "conversazione completa", "histórico da conversa",
    "conversa completa", "chatverlauf", "gesprächsverlauf", "gesamte unterhaltung",
    "gespreksgeschiedenis", "chatgeschiedenis", "chatthistorik", "samtalshistorik",
    "keskusteluhistoria", "historia rozmowy", "historii rozmowy", "historie konverzace",
    "beszélgetés előzmény", "sohbet geçmiş", "konuşma geçmiş", "ιστορικό συνομιλ",
    "историю переписки", "история переписки", "историю чата", "история чата",
    "историю диалога", "історію чату", "історія чату", "історію розмови", "سجل المحادثة",
    "سجل الدردشة", "تاريخ المحادثة", "تاریخچه گفتگو", "تاریخچهٔ گفتگو", "تاریخچه چت",
    "היסטוריית השיחה", "היסטוריית הצ'אט", "बातचीत का इतिहास", "चैट इतिहास",
    "对话记录", "对话历史", "聊天记录", "對話紀錄", "聊天紀錄", "会話履歴", "チャット履歴",
    "대화 기록", "대화 내역", "채팅 기록", "ประวัติการสนทนา", "ประวัติแชท",
    "lịch sử trò chuyện", "lịch sử hội thoại", "riwayat percakapan", "riwayat obrolan",
    "historia ya mazungumzo", "historię rozmowy", "cronologia completa della conversazione",
    "historial completo de la conversación", "historique complet de la conversation",
    "vollständiger chatverlauf", "histórico completo da conversa",
    # other cases of the same ("with the history of the chat"), and full histories
    "historią rozmowy", "historią czatu", "historii czatu", "historia czatu",
    "историей переписки", "истории переписки", "историей чата", "истории чата",
    "историей диалога", "історією чату", "історії чату", "історією розмови",
    "історії розмови", "historií konverzace", "historii konverzace", "historie chatu",
    "historií chatu", "beszélgetési előzmény", "beszélgetések előzmény",
    "sejarah perbualan", "sejarah sembang", "kasaysayan ng usapan", "kasaysayan ng chat",
    "historia yote ya mazungumzo", "historia ya gumzo", "কথোপকথনের ইতিহাস",
    "চ্যাটের ইতিহাস", "تاریخچه کامل گفتگو", "تاریخچهٔ کامل گفتگو", "پوری گفتگو",
    "بات چیت کی تاریخ", "sohbet geçmişinin tamamı", "keskusteluhistorian",
    "pokalbio istorij", "cela dosadašnja prepiska", "dosadašnja prepiska",
    "досадашња преписка",
    "messages of this conversation", "messages from the conversation",
    "messages in this chat", "wiadomości z rozmowy", "wiadomości z czatu",
    "mensajes de la conversación", "messages de la conversation",
    "nachrichten des gesprächs", "nachrichten aus dem chat", "messaggi della conversazione",
    "mensagens da conversa", "berichten uit het gesprek", "meddelanden i konversationen",
    "zprávy z konverzace", "mesajele din conversație", "konuşmadaki mesajlar",
    "сообщения из чата", "сообщения из переписки", "повідомлення з чату", "رسائل المحادثة",
    "پیام‌های گفتگو", "הודעות מהשיחה", "बातचीत के संदेश", "对话中的消息", "会話のメッセージ",
    "대화 메시지", "ข้อความในแชท", "tin nhắn trong cuộc trò chuyện", "pesan dari percakapan",
    "ujumbe wa mazungumzo",
    "историја разговора", "istorija razgovora", "историю разговора", "історія розмови",
})  # fmt: skip
"""The conversation itself, whole or before this call."""

_TALK_TOOLS: Final = frozenset({
    "chat", "conversation", "message", "transcript", "dialog", "handoff", "hand off",
    "hand-off", "escalat", "journal", "llm", "gpt", "completion", "conversa", "gespräch",
    "unterhaltung", "gesprek", "keskustel", "rozmow", "beszélget",
    "sohbet", "συνομιλ", "переписк", "чат", "діалог", "محادث", "دردش", "گفتگو", "שיחה",
    "बातचीत", "对话", "對話", "聊天", "会話", "チャット", "대화", "채팅", "สนทนา",
    "trò chuyện", "percakapan", "mazungumzo",
    "language model", "chat model", "ai agent", "chatbot",
})  # fmt: skip
"""What a tool that takes the conversation is about: chats, summaries, hand-offs."""

_PROMPT: Final = frozenset({
    "system prompt", "system instruction", "developer message",
    "developer instruction", "hidden instruction", "initial instruction",
    "your configuration text", "what you were told before", "before the user's first message",
    "sistemska uputstva", "системска упутства", "sistemske upute", "sisteminės instrukcijos",
    "instrucciones del sistema", "prompt del sistema", "instructions système",
    "prompt système", "istruzioni di sistema", "prompt di sistema", "instruções do sistema",
    "prompt do sistema", "systemanweisung", "systemprompt", "system-prompt",
    "systeeminstructie", "systeemprompt", "systeminstruktion", "instrukcje systemowe",
    "systeminstruks", "systeminstrukser", "systeminstruktioner", "järjestelmäohje",
    "prompt systemowy", "systémové instrukce", "rendszerutasítás", "sistem talimat",
    "sistem istemi", "οδηγίες συστήματος", "системный промпт", "системные инструкции",
    "системні інструкції", "системний промпт", "تعليمات النظام",
    "موجه النظام", "دستورالعمل سیستم", "دستورهای سیستم", "دستورات سیستم", "پرامپت سیستم",
    "הנחיות המערכת", "הוראות המערכת", "פרומפט המערכת", "सिस्टम प्रॉम्प्ट", "सिस्टम निर्देश",
    "系统提示", "系統提示", "系统指令", "系統指令", "システムプロンプト", "システム指示",
    "시스템 프롬프트", "시스템 지침", "พรอมต์ระบบ", "lời nhắc hệ thống", "prompt sistem",
    "instruksi sistem",
})  # fmt: skip
"""The model's own instructions."""

_PROMPT_TOOLS: Final = frozenset({
    "prompt", "llm", "gpt", "jailbreak",
    "injection", "red team", "redteam", "guard", "completion",
    "language model", "ai model", "chatbot", "bots=", "evals=", "ai agent", "sub-agent",
    "subagent", "persona=", "personas=", "assistants=", "custom assistant", "ai assistant",
    "assistant builder",
})  # fmt: skip
"""What a tool that takes a system prompt is about: building or testing an assistant."""

_OUTPUTS: Final = frozenset({
    "other tool", "other tools", "another tool", "other function", "other functions",
    "previous tool", "earlier tool", "prior tool", "tool calls", "tool results",
    "tool outputs", "tool responses", "outras ferramentas", "otras herramientas",
    "autres outils", "altri strumenti", "anderen tools", "andere tools", "anderen werkzeug",
    "andra verktyg", "muiden työkalujen", "innych narzędzi", "jiných nástrojů",
    "más eszközök", "diğer araç", "άλλων εργαλείων", "других инструментов", "інших інструментів",
    "الأدوات الأخرى", "ابزارهای دیگر", "כלים אחרים", "अन्य टूल", "其他工具", "其它工具",
    "他のツール", "다른 도구", "เครื่องมืออื่น", "công cụ khác", "alat lain", "zana nyingine",
    "टूल कॉल", "टूल्स के", "अन्य टूल्स",
})  # fmt: skip
"""What other tools returned in this session."""

_RESULTS: Final = frozenset({
    "output", "result", "return", "response", "produced", "sent back", "salida", "resultado",
    "devuelt", "sortie", "résultat", "renvoy", "ausgabe", "ergebnis", "zurückgegeben",
    "risultat", "restituit", "saída", "retornad", "uitvoer", "resultat",
    "wynik", "výstup", "výsled", "kimenet", "eredmény", "çıktı", "sonuç", "έξοδ",
    "αποτέλεσμ", "вывод", "результат", "вернул", "повернул", "مخرجات", "نتائج", "خروجی",
    "نتیجه", "פלט", "תוצא", "आउटपुट", "परिणाम", "输出", "輸出", "结果", "結果", "返回",
    "出力", "返した", "출력", "결과", "반환", "ผลลัพธ์", "kết quả", "đầu ra", "keluaran",
    "hasil", "matokeo", "answer", "antwort", "respuesta", "réponse", "risposta", "resposta",
    "antwoord", "svar", "odpowied", "odpověď", "válasz", "yanıt", "απάντησ", "ответ",
    "відповід", "پاسخ", "תשוב", "जवाब", "回答", "回复", "応答", "응답", "คำตอบ", "phản hồi",
    "jawaban", "jibu", "नतीजे", "नतीजा",
})  # fmt: skip
"""What a tool gives back: its output, its result."""

_OUTPUTS_TOOLS: Final = frozenset({
    "pipeline", "workflow", "orchestrat", "router", "debug",
    "observab",
    "ai agent", "tool chain", "chaining", "logs=", "logging", "log file", "tracing",
})  # fmt: skip
"""What a tool that takes other tools' outputs is about: chaining or tracing them."""

_BANKING: Final = frozenset({
    # English
    "online banking", "online-banking", "onlinebanking", "internet banking", "netbanking",
    "net banking", "e-banking", "ebanking", "mobile banking", "m-banking", "mbanking",
    "m banking", "web banking", "webbanking", "pin bancomat", "codice bancomat",
    "i-banking", "ibanking", "home banking", "bank login", "bank password", "bank pin",
    "bank credentials", "banking login", "banking password", "banking credentials",
    "banking pin", "card pin", "atm pin", "pin of the card", "mpin=", "m-pin", "upi pin",
    "wallet pin", "easypaisa pin", "jazzcash pin", "m-pesa pin", "mpesa pin", "bkash pin",
    "nagad pin", "pin banki", "pin ya benki", "pin ya mpesa", "ewallet pin", "e-wallet pin",
    "online bank", "netbank codes", "key-code list", "tunnuslukulista",
    "second password of the bank card", "second password of the card",
    "card's second password", "card second pin", "payment password", "bank card password",
    "bankid security code", "bankid code", "bankid password", "bankid kod",
    "bankid-säkerhetskod", "bankid-kod", "bankid-koden", "cuenta rut",
    "bank app passcode", "banking app passcode",
    # Romance
    "banca en línea", "banca online", "banca electrónica", "banca por internet",
    "clave bancaria", "claves bancarias", "clave del banco", "contraseña del banco",
    "contraseña bancaria", "pin de la tarjeta", "pin del cajero", "banque en ligne",
    "identifiants bancaires", "mot de passe bancaire", "code secret de la carte",
    "code confidentiel de la carte", "credenziali bancarie", "pin del bancomat",
    "senha do banco", "senha bancária", "senha do cartão", "senha do internet banking",
    "parola bancară", "parola de la bancă",
    # Germanic, Nordic, Finnish, Baltic
    "bankzugang", "bankzugangsdaten", "banking-pin", "bank-pin", "karten-pin",
    "internetbankieren", "pincode van de bankpas", "nettbank", "netbank", "nätbank",
    "nätbanken", "verkkopankki", "verkkopankin", "pankkitunnu", "internetipank",
    "internetinės bankininkystės", "elektroninės bankininkystės", "internetbanka",
    # Slavic, Turkish, Greek
    "bankowość internetow", "bankowości internetow", "hasło do banku", "login do banku",
    "internetové bankovnictví", "internetového bankovnictví", "přihlášení do banky",
    "prihlaseni do banky", "prihlaseni banka", "internetbankár", "интернет-банк",
    "онлайн-банк", "пароль от банка", "пин-код карты", "пин код карты", "інтернет-банк",
    "пін-код картки", "internet bankacılığı", "mobil bankacılık", "banka şifre",
    "kart şifre", "κωδικός e-banking", "κωδικούς e-banking",
    # Arabic, Persian, Hebrew, Hindi
    "الخدمات المصرفية عبر الإنترنت", "كلمة مرور البنك", "الرقم السري للبطاقة",
    "الرمز السري للبطاقة", "رمز دوم", "ramz dovom", "رمز اینترنتی", "رمز کارت",
    "סיסמת הבנק", "נט בנק", "नेट बैंकिंग", "यूपीआई पिन", "एटीएम पिन",
    # CJK, Thai, Vietnamese, Indonesian, Swahili
    "网银", "網銀", "网上银行", "網路銀行", "網上銀行", "银行卡密码", "銀行卡密碼", "支付密码",
    "ネットバンキング", "キャッシュカードの暗証番号", "カードの暗証番号", "인터넷뱅킹",
    "인터넷 뱅킹", "계좌 비밀번호", "카드 비밀번호", "อินเทอร์เน็ตแบงก์กิ้ง", "รหัส atm",
    "ngân hàng trực tuyến", "mã pin thẻ", "pin atm", "sandi bank", "pin ya m-pesa",
    "nambari ya siri ya benki", "hasło do bankowości", "haslo do bankowosci",
    "hasło bankowe", "haslo bankowe", "كلمة سر البنك", "كلمة السر للبنك", "pin karty",
    "pin kartice", "pin картице", "pin-kód karty", "pin kód karty", "pin kortelės",
})  # fmt: skip
"""What signs someone in to their bank or their wallet: a PIN, an online-banking login.
Whoever has it moves their money; no tool but the bank's own sign-in asks for it."""

_SIGN_IN_WORDS: Final = frozenset({
    "login", "log in", "logon", "sign in", "sign-in", "credential", "password", "passcode",
    "security code", "code=", "codes=",
    "pin=", "pins=", "pin code", "pin-code", "pincode", "pinkod", "mpin=", "m-pin",
    "user name", "username", "user id", "passwort", "kennwort", "zugang", "anmelde",
    "memorable word", "memorable information", "kodikos",
    "wachtwoord", "lösenord", "passord", "adgangskode", "salasana", "tunnu", "pankkitunnu",
    "verkkopankkitunnu", "hasło", "haslo", "heslo", "kodeord", "kode=", "lozink", "лозинк",
    "přihláš", "prihlas", "jelszó", "jelszo", "identifiant",
    "mot de passe", "code secret", "code confidentiel", "clave", "contraseña", "senha",
    "parola", "credenzial", "şifre", "sifre", "κωδικ", "пароль", "логин", "пин", "пін",
    "كلمة", "رمز", "الرقم السري", "ramz", "סיסמ", "पिन", "पासवर्ड", "密码", "密碼",
    "暗証番号", "비밀번호", "รหัส", "mật khẩu", "mã pin", "sandi", "siri",
})  # fmt: skip
"""Words of signing in, one of which a bank's name must stand beside to be its sign-in:
"as seen in internet banking" names the bank, not what opens it."""

_SIGN_IN_SECRETS: Final = _SIGN_IN_WORDS - {
    "login", "log in", "logon", "sign in", "sign-in", "user name", "username", "user id",
    "anmelde", "zugang", "identifiant", "přihláš", "prihlas", "логин",
}  # fmt: skip
"""What opens a sign-in, not the sign-in itself: "a token from the MitID login" is a
session the e-ID already gave, not the e-ID's password."""

_BANKING_TOOLS: Final = frozenset({
    "fints", "hbci", "ebics", "bank login", "banking login", "bank sign-in",
    "password manager", "vault", "keychain", "keyring", "keepass", "bitwarden",
    "1password", "lastpass",
})  # fmt: skip
"""A tool whose subject is a bank sign-in: a FinTS client, a password manager."""

_TOKENS: Final = frozenset({
    "token", "tokens", "api key", "api keys", "apikey", "access key", "secret key",
    "api secret", "api secrets", "client secret", "app secret",
    "bearer", "session token", "auth token", "access token", "refresh token",
    "jeton", "jetons", "clé api", "clés api", "clave api", "claves api", "chave de api",
    "chave api", "chiave api", "api-schlüssel", "api-sleutel", "api-nyckel", "api-avain",
    "klucz api", "klíč api", "api kulcs", "api anahtar", "κλειδί api", "api-ключ",
    "ключ api", "токен", "مفتاح api", "کلید api", "מפתח api", "एपीआई कुंजी", "トークン",
    "apiキー", "令牌", "api 密钥", "api密钥", "토큰", "api 키", "โทเค็น", "khóa api",
    "kunci api", "àmì api", "ufunguo wa api",
})  # fmt: skip
"""An access token or an API key: asked for by a field named for it, it is the hosted
API's own; put in a field named for something else, it is carried off."""

_TOKEN_TOOLS: Final = frozenset({
    "token", "auth=", "authoriz", "authentic", "oauth", "key=", "keys=", "secret",
    "credential", "bearer", "api key", "apikey", "jwt", "session", "cookie", "login",
    "log in", "sign in", "password", "header", "pat=",
})  # fmt: skip
"""What a field or a tool that takes a token is named for: signing in, keys, headers."""

_NOT_ACCESS: Final = frozenset({
    "pagination", "page token", "next token", "continuation", "cursor", "previous call",
    "returned by", "next page", "sync token", "idempotency", "max tokens", "token count",
    "token limit", "tokens per", "tokens used", "prompt tokens", "completion tokens",
    "output tokens", "input tokens", "tokeniz", "number of tokens", "llm", "tokens the model",
    "model tokens", "model's tokens", "language model", "context window",
})  # fmt: skip
"""Tokens that open nothing: a page's cursor, a model's count of words."""

_CLIPBOARD: Final = frozenset({
    "clipboard contents", "contents of the clipboard", "clipboard history",
    "the user's clipboard", "zawartość schowka", "contenido del portapapeles",
    "contenu du presse-papiers", "inhalt der zwischenablage", "contenuto degli appunti",
    "conteúdo da área de transferência", "inhoud van het klembord", "urklippets innehåll",
    "obsah schránky", "vágólap tartalm", "vágólapj", "pano içeriğ", "содержимое буфера обмена",
    "вміст буфера обміну", "محتوى الحافظة", "محتوای کلیپ‌بورد", "תוכן הלוח",
    "क्लिपबोर्ड की सामग्री", "剪贴板内容", "剪貼簿內容", "クリップボードの内容", "클립보드 내용",
    "เนื้อหาในคลิปบอร์ด", "nội dung bộ nhớ tạm", "isi papan klip",
})  # fmt: skip
"""What the user copied last: passwords and codes pass through it."""

_CLIPBOARD_TOOLS: Final = frozenset({
    "clipboard", "copy", "paste", "portapapeles", "presse-papiers", "zwischenablage",
    "schowek", "schowka", "schránk", "pano", "буфер", "剪贴板", "クリップボード", "클립보드",
})  # fmt: skip
"""What a tool that takes the clipboard is about: copying and pasting."""

_RECOVERY: Final = frozenset({
    "seed phrase", "recovery phrase", "secret recovery phrase", "mnemonic phrase",
    "mnemonic words", "mnemonic seed", "12 words",
    "24 words", "12-word", "24-word", "12 or 24", "frase semilla", "frase de recuperación",
    "phrase de récupération", "phrase secrète", "frase di recupero", "frase de recuperação",
    "wiederherstellungsphrase", "seed-phrase", "herstelzin", "återställningsfras",
    "fraza odzyskiwania", "сид-фраз", "seed-фраз", "мнемоническ", "عبارة الاسترداد",
    "عبارت بازیابی", "助记词", "助記詞", "シードフレーズ", "リカバリーフレーズ", "복구 구문",
    "시드 구문", "cụm từ khôi phục", "frasa pemulihan",
})  # fmt: skip
"""A wallet's recovery words: whoever has them has the wallet."""

_RECOVERY_TOOLS: Final = frozenset({
    "restore", "recover", "import", "backup", "back up", "derive", "bip39", "bip-39",
    "mnemonic", "seed", "wallet setup", "new wallet", "create wallet",
})  # fmt: skip
"""What a tool that takes recovery words is about: restoring or setting up a wallet."""

_ENVIRONMENT: Final = frozenset({
    "environment variable", "env var", "env vars", "printenv", "dotenv", "env file",
    "keychain export", "export of the keychain", "macos keychain", "login keychain",
    "env values", "env variables", "env contents",
    "connection string", "cookie", "bearer", "authorization header", "auth header",
    "private key", "ssh key", "id rsa", "private signing key", "ovpn", "login data",
    "signaturschlüssel", "privater schlüssel", "privaten schlüssel", "clé privée",
    "clave privada", "chiave privata", "chave privada", "klucz prywatny", "soukromý klíč",
    "закрытый ключ", "приватный ключ", "приватний ключ", "私钥", "私鑰", "개인 키",
    "secrets.yaml", "secrets.yml", "secrets.json", "kube config", "db dump",
    "database dump", "sql dump", "prod db", "production database",
    "chrome/default", "user data/default",
    "visible in the environment", "found in the environment", "present in the environment",
    "id ed25519", "kubeconfig", "kube/config", "aws credentials", "secret access key",
    "variables de entorno", "variable de entorno", "cadena de conexión",
    "variables d'environnement", "variable d'environnement", "chaîne de connexion",
    "umgebungsvariabl", "verbindungszeichenfolge", "variabili d'ambiente",
    "variabile d'ambiente", "stringa di connessione", "variáveis de ambiente",
    "variável de ambiente", "string de conexão", "omgevingsvariabel", "connectiestring",
    "miljövariabl", "anslutningssträng", "miljøvariabl", "ympäristömuuttuj",
    "zmienne środowiskowe", "zmiennych środowiskowych", "proměnné prostředí",
    "környezeti változ", "ortam değişken", "μεταβλητές περιβάλλοντος",
    "переменные окружения", "переменных окружения", "змінні середовища",
    "змінних середовища", "متغيرات البيئة", "متغیرهای محیطی", "משתני סביבה",
    "एनवायरनमेंट वेरिएबल", "环境变量", "環境變數", "環境変数", "환경 변수", "환경변수",
    "ตัวแปรสภาพแวดล้อม", "biến môi trường", "variabel lingkungan", "kolačić", "piškot",
    "galleta", "témoin de connexion", "eväste", "küpsis", "çerez", "куки", "кукі",
    "ملفات تعريف الارتباط", "کوکی", "עוגיות", "कुकी", "クッキー", "쿠키", "คุกกี้",
    "local storage", "localstorage", "leveldb", "session storage", "keychain item",
    "পরিবেশ ভেরিয়েবল", "পরিবেশ চলক", "पर्यावरण चर", "ماحولیاتی متغیر", "சூழல் மாறி",
    "vigeu vya mazingira", "pemboleh ubah persekitaran", "variabile de mediu",
    "aplinkos kintam", "promenljive okruženja", "променљиве окружења", "змінні оточення",
    "keychain entries", "keychain dump", "session file", "tdata=", "ssh/", "~/.ssh", "کلیدهای مخفی",
    "output of `env`", "`env` output", "$(env)", "$(printenv)", "env command", "`env` komut",
    "env komut",
    "کلید مخفی", "کلیدهای خصوصی", "خفیہ متغیرات", "خفیہ کلید", "தனிப்பட்ட விசை",
    "ரகசிய விசை", "निजी कुंजी", "गुप्त कुंजी", "গোপন কী", "ব্যক্তিগত কী",
})  # fmt: skip
"""Secrets of the machine and the browser: its environment, a session's cookie or
bearer token, a private key."""

_ENVIRONMENT_TOOLS: Final = frozenset({
    "env=", "envs=", "environment", "config", "deploy", "container", "docker", "kubernetes",
    "k8s", "kube", "cluster", "exec=", "execute", "execution", "shell", "terminal",
    "command", "script=", "scripts=", "scripting", "sandbox", "ci=", "pipeline", "server",
    "database", "db", "sql", "postgres", "mysql", "redis",
    "mongo", "connect", "http", "proxy", "curl", "scrape", "crawl",
    "cookie", "session", "auth=", "authenticat", "authoriz", "authoris", "login", "sign in",
    "oauth", "jwt", "secret",
    "vault", "ssh", "sftp", "git", "aws", "gcp", "azure", "debug", "diagnos",
    "webhook", "header", "tls", "ssl", "x509", "cert", "keypair", "key pair",
    "signing", "signature", "gpg", "pgp", "browser automation", "playwright", "puppeteer",
    "selenium",
    "entorno", "environnement", "umgebung", "ambiente", "omgeving", "miljö", "miljø",
    "despleg", "déploi", "bereitstell", "implant", "distribu", "conexión", "connexion",
    "verbindung", "connessione", "conexão", "verbinding", "anslutning", "połącz",
    "připoj", "kapcsol", "bağlant", "σύνδεσ", "подключ", "підключ", "اتصال", "חיבור",
    "连接", "連接", "接続", "연결", "เชื่อมต่อ", "kết nối", "koneksi", "環境", "环境", "환경",
    "run a command", "run code", "run a script", "runs code", "http request", "api request",
    "request header", "build job", "build log", "cloud provider", "cloud account",
    "access token", "auth token", "api key",
})  # fmt: skip
"""What a tool that takes such secrets is about: running, deploying, connecting,
signing requests."""

_TALK_ASKED: Final = frozenset(
    {"chat=", "chats=", "transcript=", "transcripts="}
    | TALK
    - {"chat", "transcript",
        "session", "context", "memory", "thread", "history", "turns", "emails=", "e-mails=",
        "mails=", "correos=", "courriels=", "e-mailek=", "e-postalar", "sesión", "sessão",
        "sessione", "sitzung", "sessie", "istunno", "sesj", "relac", "munkamenet", "sesiun",
        "oturum", "συνεδρί", "сесси", "сесі", "جلسة", "الجلسة", "جلسه", "सत्र", "セッション",
        "세션", "เซสชัน", "phiên", "sesi", "kikao", "contexto", "contexte", "contesto",
        "kontext", "bağlam", "контекст", "سياق", "הקשר", "上下文", "文脈", "コンテキスト",
        "맥락", "컨텍스트", "ngữ cảnh", "konteks", "historial", "historique", "cronologia",
        "verlauf", "historik", "előzmény", "istoric", "geçmiş", "ιστορικ", "تاریخچه",
        "היסטוריה", "履歴", "riwayat", "histórico",
    }
)  # fmt: skip
"""The conversation and its messages (not a session, a context or a history: an API's)."""

_TALK_QUALIFIED: Final = ALL | EARLIER | SEEN | frozenset({
    "last", "latest", "recent", "verbatim", "exchanged", "with you", "so far",
})  # fmt: skip
"""Beside a word for messages, what makes them the conversation's: all of them, earlier,
the user's, the last ones."""

_FILES: Final = frozenset({
    "file", "files", "document", "documents", "datei", "fichier", "archivo", "arquivo",
    "bestand", "fil=", "filer", "filen=", "tiedosto", "plik", "soubor", "súbor", "fájl",
    "fişier", "dosya", "αρχεί", "έγγραφ", "файл", "документ", "ملف", "ملفات", "فایل",
    "קובץ", "קבצ", "फ़ाइल", "फाइल", "文件", "檔案", "ファイル", "파일", "ไฟล์", "tệp",
    "tài liệu", "berkas", "faili", "dokumen",
})  # fmt: skip
"""Files and documents, which the model may have read for the user."""

_FILES_QUALIFIED: Final = SEEN | frozenset({
    "you read", "you opened", "you've read", "you have read", "you have opened",
    "in this session", "in this conversation", "in this chat", "during this session",
})  # fmt: skip
"""Beside a word for files, what makes them the model's reading: it read or opened them."""

_FILES_TOOLS: Final = frozenset({
    "file", "folder", "directory", "document", "fs", "index", "upload", "storage", "drive",
    "backup", "archive", "zip", "sync", "share", "attach",
})  # fmt: skip
"""What a tool that takes files is about."""

_PERSONAL_ASKED: Final = PERSONAL | frozenset({
    "email address", "e-mail address", "ip address", "precise location", "gps",
    "current location", "home address", "date of birth", "clipboard", "religion",
    "sexual orientation", "employer", "browsing history", "browser history", "political",
    "ethnicity", "ethnic origin", "trade union",
    "location history",
})  # fmt: skip
"""Who someone is and where they are reached."""

_PERSONAL_TOOLS: Final = frozenset({
    "contact", "customer", "client", "user", "profile", "account", "order", "ship", "deliver",
    "book", "reserv", "crm", "lead", "invoice", "sms", "mail", "address", "person",
    "people", "member", "employee", "patient", "register", "sign up", "signup", "kyc",
    "identity", "directory", "hr=", "recruit", "candidate", "applicant", "guest",
    "traveller", "traveler", "passenger", "subscriber", "enrich",
    "form=", "forms=", "phone call", "calls=",
})  # fmt: skip
"""What a tool that takes several of someone's details is about: the people it keeps."""

_FINANCES: Final = frozenset({
    "credit report", "credit reports", "credit file", "credit history", "credit check report",
    "tax return", "tax returns", "payslip", "payslips", "pay slip", "pay slips", "pay stub",
    "pay stubs", "paystub", "bank statement", "bank statements", "salary slip",
    "informe de crédito", "declaración de la renta", "nómina", "relevé bancaire",
    "relevés bancaires", "fiche de paie", "bulletin de salaire", "avis d'imposition",
    "kontoauszug", "kontoauszüge", "gehaltsabrechnung", "lohnabrechnung", "schufa",
    "steuerbescheid", "busta paga", "estratto conto", "dichiarazione dei redditi",
    "extrato bancário", "holerite", "contracheque", "loonstrook", "bankafschrift",
    "lönespecifikation", "kontoutdrag", "lønnsslipp", "palkkakuitti", "odcinek wypłaty",
    "wyciąg bankowy", "výpis z účtu",
})  # fmt: skip
"""Someone's own finances on paper: a credit report, a tax return, payslips, statements."""

_FINANCE_TOOLS: Final = frozenset({
    "loan", "mortgage", "lend", "credit", "underwrit", "affordab", "referenc", "tenancy",
    "rental application", "letting", "payroll", "tax", "accountan", "bookkeep", "finance",
    "financial", "bank", "budget", "expense", "kyc", "aml=", "hr=", "employ", "salary",
    "salaries", "income", "benefit", "grant", "student aid", "visa", "immigra",
    "préstamo", "hipoteca", "prêt", "kredit", "darlehen", "hypothek", "prestito", "mutuo",
    "empréstimo", "financiamento", "lening", "hypotheek", "lån", "laina", "kredyt", "úvěr",
})  # fmt: skip
"""What a tool that takes someone's finances is about: lending, letting, pay, tax."""

_LOCATED: Final = frozenset({
    "precise location", "live location", "continuous location", "real-time location",
    "koordinat gps", "vị trí hiện tại", "live locatie", "huidige locatie", "aktueller standort",
    "ubicación actual", "posição atual", "現在地", "현재 위치", "текущее местоположение",
    "поточне місцезнаходження", "anlık konum",
    "realtime location", "gps location", "localização gps", "ubicación gps",
    "localisation gps", "posizione gps", "gps-standort",
    "home gps", "home coordinates", "home location", "home lat", "coordinates of the home",
    "where they live", "where the user lives",
})  # fmt: skip
"""Where someone is, or lives: a live or precise location, a home's coordinates."""

_LOCATION: Final = frozenset({
    "location history", "locations history", "gps history", "gps log",
    "gps track", "gps trace", "places visited", "visited places", "places the user visited",
    "movement history", "whereabouts", "location timeline", "maps timeline",
    "significant locations", "frequent locations",
    "historial de ubicacion", "historial de ubicación", "historial de localizaci",
    "historique des positions", "historique de localisation", "historique des lieux",
    "historique de position", "cronologia delle posizioni", "cronologia posizioni",
    "cronologia delle località", "storico delle posizioni", "storico posizioni",
    "histórico de localiza", "histórico de locais", "standortverlauf", "standortdaten",
    "standorthistorie", "bewegungsprofil", "bewegungsdaten", "locatiegeschiedenis",
    "locatiegegevens", "locatiehistorie", "platshistorik", "platsdata",
    "placeringshistorik", "lokationshistorik", "posisjonshistorikk", "posisjonsdata",
    "sijaintihistoria", "sijaintitiedot", "historia lokalizacji", "historię lokalizacji",
    "historii lokalizacji", "historie polohy", "historii polohy", "helyelőzmény",
    "helyadatok", "istoricul locațiilor", "istoricul locatiilor", "konum geçmiş",
    "konum verileri", "ιστορικό τοποθεσ", "историю местоположен", "история местоположен",
    "историю перемещен", "история перемещен", "історію місцезнаходжен",
    "історія місцезнаходжен", "історію переміщен", "історія переміщен", "سجل المواقع",
    "سجل الموقع", "سجل مواقع", "تاریخچه مکان", "تاریخچه موقعیت", "سابقه مکان",
    "היסטוריית מיקום", "היסטוריית המיקום", "लोकेशन हिस्ट्री", "स्थान इतिहास",
    "位置记录", "位置历史", "定位记录", "行动轨迹", "行程轨迹", "位置紀錄", "位置歷史",
    "位置情報の履歴", "位置情報履歴", "ロケーション履歴", "位置履歴", "移動履歴",
    "위치 기록", "위치기록", "위치 이력", "이동 경로", "ประวัติตำแหน่ง", "lịch sử vị trí",
    "riwayat lokasi", "sejarah lokasi", "historia ya mahali",
})  # fmt: skip
"""Where someone has been: a location history, a timeline of places."""

_WHERE: Final = frozenset({
    "gps", "location", "coordinates", "position", "whereabouts", "ubicación", "ubicacion",
    "localización", "localisation", "posición", "posizione", "posição", "localização",
    "standort", "locatie", "położeni", "lokalizac", "poloh", "helyzet", "konum", "θέση",
    "местоположен", "координат", "місцезнаходжен", "موقع", "موقعیت", "מיקום", "स्थान",
    "लोकेशन", "位置", "定位", "위치", "ตำแหน่ง", "vị trí", "lokasi", "lokasyon", "mahali",
})  # fmt: skip
"""Where someone is: a place asked for, which becomes a history when tracked."""

_TRACKED: Final = frozenset({
    "continuously", "continuous", "in the background", "every minute", "every few minutes",
    "at all times", "all day", "minutes", "tracking", "track their", "track the user",
    "continuamente", "en segundo plano", "cada minuto", "minutos", "en continu",
    "en arrière-plan", "toutes les minutes", "kontinuierlich", "ständig", "laufend",
    "im hintergrund", "minuten", "ciągle", "w tle", "co minut", "nepřetržitě",
    "na pozadí", "každých", "folyamatosan", "háttérben", "percenként", "sürekli",
    "arka planda", "dakikada", "συνεχώς", "στο παρασκήνιο", "постоянно", "непрерывно",
    "в фоне", "каждые", "минут", "постійно", "у фоні", "باستمرار", "في الخلفية",
    "به‌طور مداوم", "در پس‌زمینه", "ברציפות", "ברקע", "लगातार", "बैकग्राउंड", "持续",
    "实时", "后台", "每分钟", "持續", "常時", "バックグラウンド", "継続的", "毎分", "계속",
    "백그라운드", "실시간", "ต่อเนื่อง", "liên tục", "chạy nền", "mỗi phút", "terus-menerus",
    "terus menerus", "di latar belakang", "setiap menit", "tuloy-tuloy", "kila dakika",
    "mfululizo", "history", "trace", "trail", "breadcrumb", "last 24 hours", "past week",
    "histórico", "historial", "historique", "verlauf", "cronologia", "historia", "historie",
    "daily routine", "routine", "hours they are away", "when they are away",
    "geçmiş", "история", "історія", "سجل", "تاریخچه", "היסטורי", "इतिहास", "历史", "歷史",
    "履歴", "기록", "ประวัติ", "lịch sử", "riwayat", "kasaysayan", "historia ya",
})  # fmt: skip
"""Words that make a place a track: continuously, in the background, every few minutes."""

_SEEDS: Final = frozenset({
    "totp seed", "totp secret", "mfa seed", "mfa secret", "2fa seed", "2fa secret",
    "otp seed", "otp secret", "authenticator seed", "authenticator secret",
    "seed of the user's authenticator", "base32 seed", "secretul totp", "recovery codes",
    "backup codes", "2fa recovery", "mfa recovery",
})  # fmt: skip
"""An authenticator's seed or the account's recovery codes: every second factor of the
account, for good."""

_SEED_TOOLS: Final = frozenset({
    "totp", "hotp", "otp=", "2fa", "mfa", "two-factor", "two factor", "authenticator",
    "enrol", "enroll", "import users", "migrat", "password manager", "vault", "secure note",
})  # fmt: skip
"""What a tool that takes an authenticator's seed is about: enrolling or keeping one."""

_MAILBOX: Final = frozenset({
    "email login", "e-mail login", "email password", "e-mail password", "mail password",
    "mailbox password", "password for their personal email", "for their personal email",
    "company email password", "work email password", "domain login", "domain password",
    "domain credentials", "windows password", "windows credentials", "windows login",
    "router admin password", "router password", "this and other sites", "and other sites",
    "for other sites", "on other sites", "for other websites", "on other websites",
    "other sites they", "you use for your email", "apple id password", "icloud password",
    "gmail app password", "gmail password", "google account password", "e-mail-passwort",
    "email-passwort", "passwort des e-mail",
    "contraseña del correo", "contraseña de correo", "mot de passe de la messagerie",
    "mot de passe e-mail", "mot de passe du courriel", "password della posta",
    "password dell'email", "senha do e-mail", "senha do email",
})  # fmt: skip
"""The password of someone's mailbox, computer or network, or of sites besides the tool's:
a sign-in for everything else they use."""

_MAILBOX_TOOLS: Final = frozenset({
    "mail", "imap", "smtp", "inbox", "outlook", "gmail", "exchange", "router", "modem",
    "network", "active directory", "ldap", "windows", "domain join",
    "password manager", "vault", "correo", "messagerie", "posta", "postfach",
})  # fmt: skip
"""What a tool that takes such a password is about: the mailbox, the network, the vault."""

_LIVE: Final = frozenset({
    "current", "currently", "live", "real time", "real-time", "realtime", "precise", "exact",
    "right now", "from their phone", "from the phone", "from the device", "of the device",
    "device's", "phone's", "phone location", "device location", "each call", "every call",
    "continuously", "en tiempo real", "actual", "del móvil", "del teléfono",
    "en temps réel", "actuelle", "du téléphone", "du portable", "in tempo reale", "attuale",
    "del telefono", "em tempo real", "atual", "do celular", "do telemóvel", "in echtzeit",
    "echtzeit", "aktuell", "genaue", "des handys", "huidige", "actuele",
    "aktualn", "bieżąc", "aktuáln", "текущ", "точн", "поточн", "anlık", "güncel",
    "الحالي", "الدقيق", "فعلی", "הנוכחי", "वर्तमान", "当前", "实时", "目前", "現在",
    "リアルタイム", "현재", "실시간", "ปัจจุบัน", "hiện tại", "saat ini", "terkini", "sasa hivi",
})  # fmt: skip
"""Words that make a place where someone is now: current, live, from the phone."""

_NEARBY: Final = frozenset({
    "weather", "forecast", "nearby", "near me", "nearest", "closest", "ride", "taxi", "cab=",
    "deliver", "courier", "pickup", "pick-up", "dispatch", "emergency", "rescue", "sos=",
    "check in", "check-in", "checkin", "store locator", "directions", "distance", "eta=",
})  # fmt: skip
"""What a tool that takes where someone is now is about: what is near, what comes to them."""

_LOCATION_TOOLS: Final = frozenset({
    "location history", "timeline", "gps", "tracking", "tracker", "navigat", "maps=",
    "map=", "route", "trip", "travel", "commute", "fitness", "workout", "running",
    "cycling", "geofenc", "fleet", "find my", "locator", "geolocat", "location sharing",
    "standort", "ubicación", "localisation", "posizion", "locatie", "lokalizac",
    "местоположен", "位置", "위치", "konum", "vị trí", "lokasi",
})  # fmt: skip
"""What a tool that takes someone's location is about: maps, trips, tracking."""

_HISTORY_TOOLS: Final = _LOCATION_TOOLS - {"route", "commute", "navigat", "maps=", "map="}
"""What a tool that takes where someone has been is about: a route or a commute needs
where they are and where they go, not where they were."""

_PRIVATE: Final = frozenset({
    # private and direct messages
    "private messages", "direct messages", "private chats", "dms=",
    "whatsapp messages", "telegram messages", "signal messages", "imessage",
    "text messages", "sms messages", "messenger messages",
    "mensajes privados", "mensajes directos", "messages privés", "messages directs",
    "messaggi privati", "messaggi diretti", "mensagens privadas", "mensagens diretas",
    "privatnachrichten", "private nachrichten", "direktnachrichten",
    "persönliche nachrichten", "privéberichten", "priveberichten", "directe berichten",
    "privata meddelanden", "direktmeddelanden", "private beskeder", "private meldinger",
    "yksityisviest", "prywatne wiadomości", "wiadomości prywatne", "prywatnych wiadomości",
    "soukromé zprávy", "soukromých zpráv", "privát üzenet", "mesajele private",
    "mesaje private", "özel mesaj", "προσωπικά μηνύματα", "ιδιωτικά μηνύματα",
    "личные сообщения", "личных сообщений", "личную переписку", "личная переписка",
    "приватные сообщения", "особисті повідомлення", "приватні повідомлення",
    "особисте листування", "الرسائل الخاصة", "رسائل خاصة", "رسائله الخاصة",
    "پیام‌های خصوصی", "پیام های خصوصی", "پیامهای خصوصی", "הודעות פרטיות",
    "निजी संदेश", "ব্যক্তিগত বার্তা", "私信", "私聊", "私人消息", "私訊",
    "プライベートメッセージ", "ダイレクトメッセージ", "個人的なメッセージ", "개인 메시지",
    "비공개 메시지", "다이렉트 메시지", "ข้อความส่วนตัว", "tin nhắn riêng", "pesan pribadi",
    "pesan langsung", "ujumbe binafsi", "jumbe binafsi",
    # someone's mailbox
    "email inbox", "e-mail inbox", "inbox contents", "user's inbox", "user's emails",
    "user's e-mails", "mailbox contents", "bandeja de entrada", "boîte de réception",
    "posteingang", "casella di posta", "caixa de entrada", "skrzynka odbiorcza",
    "skrzynki odbiorczej", "doručená pošta", "gelen kutusu", "входящие письма",
    "почтовый ящик", "收件箱", "受信トレイ", "받은 편지함", "hộp thư đến", "kotak masuk",
    # the address book
    "address book", "addressbook", "contact list", "contacts list", "list of contacts",
    "contact sa telepono", "agenda del teléfono", "agenda telefónica", "agenda do telefone",
    "όλες οι επαφές", "επαφές της συσκευής", "全連絡先", "danh bạ điện thoại",
    "alle contacten", "всі контакти", "все контакты", "tüm kişiler", "todos los contactos",
    "tous les contacts", "alle kontakte", "semua kontak", "wszystkie kontakty",
    "všechny kontakty", "כל אנשי הקשר", "جميع جهات الاتصال", "همه مخاطبین", "सभी संपर्क",
    "rubrica del telefono", "kontakty w telefonie", "kontakte im telefon",
    "contact sa phone", "lahat ng contact", "mga contact sa telepono",
    "phone contacts", "phonebook", "phone book", "all contacts", "user's contacts",
    "libreta de direcciones", "lista de contactos", "agenda de contactos",
    "carnet d'adresses", "liste de contacts", "liste des contacts", "rubrica",
    "lista dei contatti", "elenco contatti", "elenco dei contatti", "lista de contatos",
    "agenda de contatos", "catálogo de endereços", "adressbuch", "kontaktliste",
    "telefonbuch", "adresboek", "contactenlijst", "contactpersonenlijst", "adressbok",
    "kontaktlista", "adressebog", "adressebok", "osoitekirja", "yhteystietoluettelo",
    "książka adresowa", "książkę adresową", "książki adresowej", "lista kontaktów",
    "listę kontaktów", "seznam kontaktů", "adresář", "címjegyzék", "névjegyzék",
    "agenda de contacte", "lista de contacte", "adres defteri", "kişi listesi",
    "βιβλίο διευθύνσεων", "λίστα επαφών", "адресную книгу", "адресная книга",
    "адресной книги", "список контактов", "телефонную книгу", "адресну книгу",
    "адресна книга", "список контактів", "دفتر العناوين", "قائمة جهات الاتصال",
    "دفترچه تلفن", "لیست مخاطبین", "ספר הכתובות", "רשימת אנשי הקשר", "संपर्क सूची",
    "कॉन्टैक्ट लिस्ट", "通讯录", "通訊錄", "联系人列表", "アドレス帳", "連絡先一覧",
    "連絡先リスト", "電話帳", "주소록", "연락처 목록", "สมุดที่อยู่", "รายชื่อผู้ติดต่อ",
    "danh bạ", "buku alamat", "daftar kontak", "orodha ya mawasiliano", "فهرست مخاطبین",
    "مخاطبین گوشی", "recent sms", "latest sms", "ujumbe mfupi",
})  # fmt: skip
"""What someone says in private and whom they know: their messages, their address book."""

_PRIVATE_TOOLS: Final = _TALK_TOOLS | frozenset({
    "message", "messag", "inbox", "mail", "sms", "whatsapp", "telegram", "signal=", "slack",
    "discord", "social", "contact", "crm", "address book", "phone", "call", "invite",
    "backup", "export", "sync", "migrat", "moderat", "dm=", "dms=", "nachricht", "mensaje",
    "messaggi", "mensage", "bericht", "wiadomo", "zpráv", "üzenet", "mesaj", "μήνυμ",
    "сообщен", "повідомлен", "رسال", "پیام", "הודע", "संदेश", "消息", "訊息", "メッセージ",
    "메시지", "ข้อความ", "tin nhắn", "pesan", "ujumbe", "kontakt", "contatt", "contato",
    "contacto", "kontak", "контакт", "联系人", "連絡先", "연락처",
})  # fmt: skip
"""What a tool that takes someone's messages or contacts is about: messaging, backups."""

_BROWSING: Final = frozenset({
    "browsing history", "browser history", "search history", "web history",
    "visited websites", "visited sites", "websites visited", "sites visited",
    "historial de navegación", "historial de búsqueda", "historique de navigation",
    "historique de recherche", "historique web", "cronologia di navigazione",
    "cronologia delle ricerche", "histórico de navegação", "histórico de pesquisa",
    "browserverlauf", "suchverlauf", "browsergeschiedenis", "browsegeschiedenis",
    "zoekgeschiedenis", "webbhistorik", "sökhistorik", "selaushistoria",
    "historia przeglądania", "historii przeglądania", "historię przeglądania",
    "historie prohlížení", "böngészési előzmény", "istoricul de navigare", "tarama geçmiş",
    "arama geçmiş", "ιστορικό περιήγησης", "историю браузера", "история браузера",
    "историю посещений", "история посещений", "историю поиска", "історію браузера",
    "історію переглядів", "سجل التصفح", "تاریخچه مرور", "היסטוריית הגלישה",
    "ब्राउज़िंग इतिहास", "浏览记录", "浏览历史", "瀏覽紀錄", "閲覧履歴", "検索履歴",
    "방문 기록", "검색 기록", "ประวัติการเข้าชม", "ประวัติการท่องเว็บ",
    "lịch sử duyệt web", "riwayat penelusuran", "riwayat browser",
})  # fmt: skip
"""What someone read and searched for on the web."""

_BROWSING_TOOLS: Final = frozenset({
    "browser", "browse", "history", "chrome", "firefox", "safari", "edge", "bookmark",
    "tab=", "tabs=", "analytics", "privacy", "cookie", "navegador", "navigateur", "browserverlauf",
    "verlauf", "historial", "historique", "cronologia", "histórico", "браузер", "浏览", "ブラウザ",
    "브라우저",
})  # fmt: skip
"""What a tool that takes a browsing history is about: the browser itself."""

_OWN_INSTRUCTIONS: Final = frozenset(
    (INSTRUCTIONS - {"rules", "guidelines", "directives"}) | {"hidden rules", "system rules"}
)
"""Instructions: the model's own beside *you* or *received*."""


_CODES: Final = frozenset({
    "code", "codes", "código", "códigos", "codice", "codici", "kod=", "kodu", "kodlar",
    "kode", "koden", "koodi", "kód", "cod=", "codul", "κωδικ", "код", "رمز", "کد", "קוד",
    "कोड", "কোড", "码", "碼", "コード", "코드", "รหัส", "mã", "nambari",
})  # fmt: skip
"""A code: a one-time code once its delivery is named beside it."""

_DELIVERED: Final = frozenset({
    "sms", "text message", "texted", "authenticator", "2fa", "two-factor", "bank", "banco",
    "banque", "banca", "banka", "банк", "بنك", "بانک", "בנק", "बैंक", "银行", "銀行", "은행",
    "ngân hàng", "短信", "簡訊", "ショートメッセージ", "문자", "tin nhắn", "смс", "эсэмэс",
    "رسالة نصية", "پیامک", "מסרון", "एसएमएस", "ข้อความ sms", "received on", "arrived",
    "just received", "llegó", "recibido", "reçu", "erhalten", "ricevuto", "recebido",
    "ontvangen", "otrzyman", "получен", "وصل", "رسید", "שהתקבל", "收到", "届いた", "받은",
})  # fmt: skip
"""What makes a code a one-time code the user received: the SMS, the bank, an
authenticator app, "just received"."""

_KEPT_SAFE: Final = frozenset({
    "redact", "masked", "hashed", "never stored", "never logged", "not stored", "not logged",
})  # fmt: skip
"""A field that says the data is hidden or dropped: it documents, it does not ask."""

_SIGN_IN: Final = _KEPT_SAFE | frozenset({
    "to sign in", "to log in", "for sign-in", "for signing in", "for login", "for logging in",
    "to authenticate", "for authentication", "used to sign", "used to log", "used for login",
    "used for authentication", "used to authenticate", "when signing in", "when logging in",
    "at login", "at sign-in",
    "rotat", "new account", "service account", "for the account", "new password",
    "change the password", "reset", "shared link", "protect", "encrypt", "decrypt", "unlock",
    "to connect", "meeting", "conference", "client id", "client secret", "basic auth",
    "sent to", "sent by sms", "we sent", "anmeld", "einlogg", "se connecter", "connexion",
    "iniciar sesión", "acceder", "accedere", "inloggen", "logga in", "kirjautu", "zaloguj",
    "přihlás", "bejelentkez", "giriş yap", "войти", "для входа", "увійти", "تسجيل الدخول",
    "ورود به", "להתחבר", "लॉगिन", "登录", "登錄", "ログイン", "로그인", "đăng nhập",
    "发送", "發送", "送信", "전송", "enviado", "envoyé", "gesendet", "inviato", "verzonden",
})  # fmt: skip
"""A password or code the field says is for signing in, rotating, a link or a meeting."""

_PAYING: Final = _KEPT_SAFE | frozenset({
    "payment", "to pay", "checkout", "charge", "refund", "payout", "payee", "invoice",
    "billing", "subscription", "direct debit", "pago", "paiement", "zahlung", "betaling",
    "pagamento", "płatnoś", "platb", "ödeme", "оплат", "支付", "付款", "決済", "결제",
})  # fmt: skip
"""A card or account the field says is for paying or being paid."""

_OWN_IDENTITY: Final = _KEPT_SAFE | frozenset({
    "age limit", "age check", "minimum age", "kyc", "check-in", "boarding", "visa",
    "tax return", "payroll", "employment", "onboarding", "as printed", "on the document",
})  # fmt: skip
"""An identity datum the field says is for an age check, a check-in, a tax return."""

_MODEL_INPUT: Final = _KEPT_SAFE | frozenset({
    "completion", "sub-agent", "subagent", "channel", "thread", "mailbox", "inbox",
    "the caller", "to summar",
})  # fmt: skip
"""The conversation or a prompt the field says is for a completion, an agent, a channel."""

_RUNNING: Final = _KEPT_SAFE | frozenset({
    "to set", "container", "deploy", "to connect", "request header", "headers", "name of the",
    "path to the", "path of the", "file name", "filename", "relative to",
})  # fmt: skip
"""Environment values the field says are to be set where something runs."""

_ADDRESSED: Final = _KEPT_SAFE | frozenset({
    "recipient", "printed on", "label", "shipping", "delivery", "receipt", "invoice",
    "sender", "addressee", "destinatario", "destinataire", "empfänger", "destinatário",
    "ontvanger", "mottagare", "odbiorc", "příjemce", "alıcı", "получател", "одержувач",
    "المستلم", "گیرنده", "נמען", "प्राप्तकर्ता", "收件人", "受取人", "수령인", "người nhận",
    "penerima",
})  # fmt: skip
"""Someone's details the field says are for a label, a delivery, a receipt."""

_NAMED_CODE: Final = _SIGN_IN | frozenset({
    "sort code", "swift code", "bic code", "branch code", "routing code", "bank code",
    "postal code", "post code", "zip code", "country code", "currency code", "language code",
    "area code", "iso code", "promo code", "discount code", "coupon code", "source code",
    "status code", "error code", "qr code", "bar code", "barcode", "code postal",
    "código postal", "codice postale", "postleitzahl", "bankleitzahl", "código swift",
})  # fmt: skip
"""A code the field names as a kind of identifier, not a one-time code."""

_MORE_PASSWORDS: Final = frozenset({
    # South Slavic, Slovak, Bulgarian, Baltic, Estonian, Icelandic
    "lozink", "geslo", "gesla", "geslom", "jednokratni kod", "jednokratni kôd",
    "kod za potvrdu", "verifikacijski kod", "verifikacioni kod", "potrditvena koda",
    "enkratna koda", "overovací kód", "overovaci kod", "jednorazový kód",
    "jednorazovy kod", "prihlasovacie údaje", "prihlasovacie udaje", "код за потвърждение",
    "еднократен код", "slaptažod", "slaptazod", "patvirtinimo kod", "vienkartinis kod",
    "vienreizējais kod", "vienreizejais kod", "verifikācijas kod", "apstiprinājuma kod",
    "parool", "salasõna", "salasona", "kinnituskood", "ühekordne kood", "lykilorð",
    "lykilord", "staðfestingarkóð", "stadfestingarkod",
    # Welsh, Basque, Catalan, Galician, Albanian
    "cyfrinair", "cyfrineiriau", "cod dilysu", "pasahitz", "egiaztapen-kode",
    "egiaztapen kode", "codi de verificació", "codi de verificacio", "contrasinal",
    "fjalëkalim", "fjalekalim", "kodi i verifikimit",
    # Caucasus, Central Asia
    "პაროლ", "ერთჯერადი კოდ", "დადასტურების კოდ", "ვერიფიკაციის კოდ",
    "գաղտնաբառ", "հաստատման կոդ", "şifrə", "sifre", "parol=", "parolu", "parolunuz",
    "təsdiq kodu", "tesdiq kodu", "birdəfəlik kod", "құпиясөз", "құпия сөз", "растау код",
    "бір реттік код", "parolingiz", "tasdiqlash kodi", "bir martalik kod",
    # South Asia
    "پاس ورڈ", "پاسورڈ", "تصدیقی کوڈ", "او ٹی پی", "पडताळणी कोड", "प्रमाणीकरण कोड",
    "கடவுச்சொல்", "சரிபார்ப்புக் குறியீடு", "சரிபார்ப்பு குறியீடு", "పాస్‌వర్డ్",
    "పాస్వర్డ్", "ధృవీకరణ కోడ్", "ಪಾಸ್‌ವರ್ಡ್", "ಪಾಸ್ವರ್ಡ್", "ಗುಪ್ತಪದ", "ಪರಿಶೀಲನಾ ಕೋಡ್",
    "പാസ്‌വേഡ്", "പാസ്വേഡ്", "സ്ഥിരീകരണ കോഡ്", "પાસવર્ડ", "ચકાસણી કોડ", "ਪਾਸਵਰਡ",
    "ਪੁਸ਼ਟੀਕਰਨ ਕੋਡ", "මුරපද", "සත්‍යාපන කේත",
    # South-East Asia
    "ពាក្យសម្ងាត់", "លេខកូដផ្ទៀងផ្ទាត់", "စကားဝှက်", "အတည်ပြုကုဒ်", "ລະຫັດຜ່ານ",
    "ລະຫັດຢືນຢັນ", "isang beses na code", "kod pengesahan", "kod otp",
    # Africa
    "የይለፍ ቃል", "የማረጋገጫ ኮድ", "kalmar sirri", "kalmar wucewa", "lambar tabbatarwa",
    "ọ̀rọ̀ aṣínà", "oro asina", "koodu ijerisi", "okwuntughe", "iphasiwedi",
    "ikhodi yokuqinisekisa", "wagwoord", "verifikasiekode", "eenmalige kode",
    "furaha sirta", "koodhka xaqiijinta",
    # ASCII forms of words above them
    "contrasena", "codigo de verificacion", "codigo de verificacao", "codigo de acesso",
    "jelszo", "jelszav", "ellenorzo kod", "haslo", "hasla", "haslem",
    "dane logowania", "prihlasovaci udaje", "dogrulama kodu",
    "tek kullanimlik", "losenord", "engangskod", "bestatigungscode", "bestaetigungscode",
    "kertakayttokoodi", "mat khau", "ma xac thuc", "code de verification",
})  # fmt: skip
"""More languages' words for a password or a one-time code, and their ASCII forms."""

_MORE_SIGN_IN_TOOLS: Final = frozenset({
    "prijav", "пријав", "вписван", "влизане", "prihlás", "prihlas", "prisijung",
    "pieteik", "pierakst", "sisselogi", "sisse logi", "innskrán", "innskran", "skrá inn",
    "mewngofnod", "saioa hasi", "saio-hasier", "iniciar sessió", "inicio de sesion",
    "iniciar sesion", "identifikim", "hyr në", "ავტორიზაცი", "შესვლ", "մուտք", "daxil ol",
    "giris", "кіру", "tizimga kirish", "لاگ ان", "உள்நுழை",
    "లాగిన్", "ಲಾಗಿನ್", "ಲಾಗ್ ಇನ್", "ലോഗിൻ", "લૉગિન", "લોગિન", "ਲੌਗਇਨ", "ਲੌਗ ਇਨ",
    "පිවිසෙන්න", "ලොග් වන්න", "ចូលគណនី", "အကောင့်ဝင်", "ເຂົ້າສູ່ລະບົບ", "mag-log in",
    "mag-sign in", "log masuk", "መግቢያ", "shiga", "wọlé", "wole",
    "ngena ngemvume", "aanmeld", "meld aan",
})  # fmt: skip
"""More languages' words of signing in, beside `_MORE_PASSWORDS`."""

_MORE_PAYMENT: Final = frozenset({
    # South Slavic, Slovak, Bulgarian
    "kreditna kartica", "kreditne kartice", "kreditnu karticu", "broj kartice",
    "bankovni račun", "bankovni racun", "broj računa", "broj racuna", "tekući račun",
    "tekuci racun", "кредитна картица", "кредитне картице", "број картице",
    "банковни рачун", "број рачуна", "кредитна карта", "номер на карта",
    "банкова сметка", "номер на сметка", "številka kartice", "stevilka kartice",
    "bančni račun", "bancni racun", "kreditná karta", "kreditna karta", "platobná karta",
    "platobna karta", "bankový účet", "bankovy ucet",
    # Baltic, Estonian, Icelandic, Welsh, Basque, Catalan, Galician, Albanian
    "kredito kortel", "kortelės numer", "korteles numer", "banko sąskait", "banko saskait",
    "sąskaitos numer", "saskaitos numer", "kredītkart", "kreditkart", "kartes numur",
    "bankas kont", "konta numur", "krediitkaart", "kaardi number", "pangakonto",
    "arvelduskonto", "kortanúmer", "kortanumer", "bankareikning", "reikningsnúmer",
    "reikningsnumer", "cerdyn credyd", "rhif cerdyn", "cyfrif banc", "manylion banc",
    "kreditu-txartel", "kreditu txartel",
    "banku-kontu", "banku kontu", "kontu korronte", "targeta de crèdit",
    "targeta de credit", "número de targeta", "numero de targeta", "compte bancari",
    "dades bancàries", "dades bancaries", "tarxeta de crédito", "tarxeta de credito",
    "número de tarxeta", "numero de tarxeta", "conta bancaria", "datos bancarios",
    "kartë krediti", "karte krediti", "kartën e kreditit", "numri i kartës",
    "numri i kartes", "llogari bankare", "llogaria bankare", "llogarinë bankare",
    # Caucasus, Central Asia
    "საკრედიტო ბარათ", "ბარათის ნომერ", "საბანკო ანგარიშ", "ანგარიშის ნომერ",
    "վարկային քարտ", "քարտի համար", "բանկային հաշ", "հաշվի համար", "kredit kart",
    "kart nömrəsi", "kart nomresi", "bank hesab", "hesab nömrəsi", "hesab nomresi",
    "несиелік карта", "карта нөмірі", "банк шот", "шот нөмірі", "karta raqami",
    "bank hisob", "hisob raqami",
    # South Asia
    "کریڈٹ کارڈ", "کارڈ نمبر", "بینک اکاؤنٹ", "بینک اکاونٹ", "اکاؤنٹ نمبر",
    "कार्ड नम्बर", "कार्ड क्रमांक", "बँक खाते", "खाते क्रमांक", "खाता नम्बर",
    "கிரெடிட் கார்டு", "அட்டை எண்", "வங்கிக் கணக்கு", "வங்கி கணக்கு", "క్రెడిట్ కార్డ్",
    "కార్డ్ నంబర్", "బ్యాంక్ ఖాతా", "ಕ್ರೆಡಿಟ್ ಕಾರ್ಡ್", "ಕಾರ್ಡ್ ಸಂಖ್ಯೆ", "ಬ್ಯಾಂಕ್ ಖಾತೆ",
    "ക്രെഡിറ്റ് കാർഡ്", "കാർഡ് നമ്പർ", "ബാങ്ക് അക്കൗണ്ട്", "ક્રેડિટ કાર્ડ", "કાર્ડ નંબર",
    "બેંક ખાત", "ਕ੍ਰੈਡਿਟ ਕਾਰਡ", "ਕਾਰਡ ਨੰਬਰ", "ਬੈਂਕ ਖਾਤ", "ක්‍රෙඩිට් කාඩ්", "බැංකු ගිණුම",
    "කාඩ්පත් අංක",
    # South-East Asia
    "កាតឥណទាន", "គណនីធនាគារ", "លេខកាត", "ခရက်ဒစ်ကတ်", "ဘဏ်အကောင့်", "ကတ်နံပါတ်",
    "ບັດເຄຣດິດ", "ບັນຊີທະນາຄານ", "ເລກບັດ", "numero ng card", "numero ng credit card",
    "nombor kad", "akaun bank", "nombor akaun",
    # Africa, Afrikaans
    "ክሬዲት ካርድ", "የካርድ ቁጥር", "የባንክ ሂሳብ", "katin kiredit", "lambar kati",
    "asusun banki", "kaadi kirediti", "akanti banki", "nọ́mbà káàdì", "kaadị kredit",
    "akaụntụ ụlọ akụ", "ikhadi lesikweletu", "inombolo yekhadi", "i-akhawunti yasebhange",
    "kredietkaart", "kaartnommer", "bankrekening", "rekeningnommer", "kaarka deynta",
    "lambarka kaarka", "akoonka bangiga",
    # ASCII forms of words above them
    "tarjeta de credito", "tarjeta de debito", "numero de tarjeta", "cartao de credito",
    "numero do cartao", "dados bancarios", "carte de credit",
    "numero de carte", "coordonnees bancaires", "kredi karti", "cislo karty", "cislo uctu",
    "bankovni ucet", "platebni karta", "bankkartya", "kartyaszam", "bankszamla",
    "tai khoan ngan hang",
})  # fmt: skip
"""More languages' words for a card or a bank account, and their ASCII forms."""

_MORE_PAYMENT_TOOLS: Final = frozenset({
    "plaćanj", "placanj", "plaćen", "račun", "racun", "kupnj", "kupovin", "плаћањ",
    "рачун", "куповин", "плащан", "сметк", "фактур", "plačil", "placil", "plačan", "nakup",
    "faktúr", "účet", "účt", "ucet=", "uctu=", "výpis z účtu", "vypis z uctu", "mokėjim",
    "mokejim", "sąskait", "saskait", "pirkim", "maksājum",
    "maksajum", "rēķin", "pirkum", "makse", "pangaülekan", "ostu", "greiðsl",
    "greidsl", "reikning", "banki", "talu", "taliad", "banc=", "anfoneb", "ordainket",
    "faktur", "banku", "pagament", "compra", "pagamento", "pagesë", "pagesa", "fatur",
    "blerj",
    "გადახდ", "ბანკ", "ანგარიშ", "შეძენ", "վճար", "բանկ", "գնում", "ödəniş", "odenis",
    "hesab", "alış", "төлем", "сатып ал", "to'lov", "toʻlov", "tolov", "xarid",
    "ادائیگی", "بینک", "خریداری", "पेमेंट", "बँक", "भुक्तानी", "देयक", "खरेदी",
    "செலுத்த", "வங்கி", "கட்டண", "చెల్లింపు", "బ్యాంక్", "ಪಾವತಿ", "ಬ್ಯಾಂಕ್", "പേയ്‌മെന്റ്",
    "പണമടയ്", "ബാങ്ക്", "ચુકવણી", "બેંક", "ਭੁਗਤਾਨ", "ਬੈਂਕ", "ගෙවීම", "බැංකු", "ទូទាត់",
    "ធនាគារ", "បង់ប្រាក់", "ငွေပေးချေ", "ဘဏ်", "ຊຳລະ", "ທະນາຄານ", "bayad", "magbayad",
    "bangko", "pembelian", "ክፍያ", "ባንክ", "biya", "sisanwo", "ìsanwó", "owo sisan",
    "ụlọ akụ", "ịkwụ ụgwọ", "inkokhelo", "ukukhokha", "ibhange", "betaal", "aankope",
    "lacag bixin", "bangi", "odeme", "satin al", "platnosc", "platnos", "fizetes",
    "szamla", "vasarl", "paiement", "virement", "pagos", "pagar",
})  # fmt: skip
"""More languages' words of paying and banking, beside `_MORE_PAYMENT`."""

_MORE_IDENTITY: Final = frozenset({
    # Belgian, Swiss and insurance numbers
    "rijksregisternummer", "rijksregister", "ahv-nummer", "ahv nummer", "ahv-nr",
    "numéro avs", "avs-nummer", "krankenversicherungsnummer", "numéro d'assuré",
    "numero d'assuré", "numéro d'assurance maladie", "dates de naissance",
    # South Slavic, Slovak, Bulgarian
    "putovnic", "osobna iskaznica", "osobne iskaznice", "osobnu iskaznicu", "oib=",
    "jmbg", "datum rođenja", "datum rodjenja", "porezni broj", "pasoš",
    "lična karta", "licna karta", "ličnu kartu", "licnu kartu", "пасош", "лична карта",
    "личну карту", "јмбг", "датум рођења", "potni list", "osebna izkaznica",
    "osebno izkaznico", "emšo", "emso=", "davčna številka", "davcna stevilka",
    "datum rojstva", "občiansky preukaz", "obciansky preukaz", "rodne cislo",
    "cestovný pas", "cestovny pas", "dátum narodenia", "datum narodenia", "егн=",
    "дата на раждане",
    "paso numer", "asmens kod", "asmens tapatybės kortel", "asmens tapatybes kortel",
    "gimimo dat", "pases numur", "personas kod", "personas apliecīb",
    "personas apliecib", "dzimšanas dat", "dzimsanas dat", "isikukood", "passi number",
    "isikutunnistus", "id-kaart", "sünniaeg", "sunniaeg", "vegabréf", "vegabref",
    "fæðingardag", "faedingardag", "pasbort", "rhif yswiriant gwladol", "dyddiad geni",
    "nortasun agiri", "nortasun-agiri", "jaiotze data", "jaiotze-data", "passaport",
    "document d'identitat", "data de naixement", "documento de identidade",
    "data de nacemento", "letërnjoftim", "leternjoftim", "numri personal", "datëlindj",
    "datelindj", "nipt=",
    # Caucasus, Central Asia
    "პასპორტ", "პირადი ნომერ", "პირადობის მოწმობ", "დაბადების თარიღ", "անձնագ",
    "ծննդյան ամսաթ", "pasport", "şəxsiyyət vəsiqə", "sexsiyyet vesiqe", "fin kod",
    "doğum tarixi", "dogum tarixi", "жеке куәлік", "жсн=", "иин=", "туған күн",
    "shaxsiy guvohnoma", "jshshir", "tug'ilgan sana", "tugʻilgan sana",
    # South Asia
    "شناختی کارڈ", "پاسپورٹ", "تاریخ پیدائش", "قومی شناخت", "नागरिकता नम्बर",
    "नागरिकता प्रमाणपत्र", "राहदानी", "जन्म मिति", "पारपत्र", "जन्मतारीख", "जन्म तारीख",
    "पॅन कार्ड", "கடவுச்சீட்டு", "ஆதார்", "பாஸ்போர்ட்", "பிறந்த தேதி", "పాస్‌పోర్ట్",
    "పాస్పోర్ట్", "ఆధార్", "పుట్టిన తేదీ", "ಪಾಸ್‌ಪೋರ್ಟ್", "ಪಾಸ್ಪೋರ್ಟ್", "ಆಧಾರ್",
    "ಜನ್ಮ ದಿನಾಂಕ", "പാസ്‌പോർട്ട്", "പാസ്പോർട്ട്", "ആധാർ", "ജനനത്തീയതി", "ജനന തീയതി",
    "પાસપોર્ટ", "આધાર કાર્ડ", "આધાર નંબર", "જન્મ તારીખ", "ਪਾਸਪੋਰਟ", "ਆਧਾਰ", "ਜਨਮ ਮਿਤੀ",
    "ගමන් බලපත්", "ජාතික හැඳුනුම්පත", "හැඳුනුම්පත් අංක", "උපන් දින",
    # South-East Asia
    "លិខិតឆ្លងដែន", "អត្តសញ្ញាណប័ណ្ណ", "ថ្ងៃខែឆ្នាំកំណើត", "နိုင်ငံကူးလက်မှတ်",
    "မှတ်ပုံတင်နံပါတ်", "မှတ်ပုံတင်ကတ်", "မွေးသက္ကရာဇ်", "ໜັງສືຜ່ານແດນ", "ບັດປະຈຳຕົວ",
    "ວັນເດືອນປີເກີດ", "petsa ng kapanganakan", "pambansang id", "tarikh lahir",
    "nombor pasport",
    # Africa, Afrikaans
    "ፓስፖርት", "መታወቂያ", "የትውልድ ቀን", "fasfo", "katin shaida", "ranar haihuwa",
    "iwe irinna", "ìwé ìrìnnà", "ọjọ ìbí", "kaadi idanimọ", "paspọtụ", "ụbọchị ọmụmụ",
    "ipasipoti", "umazisi", "inombolo kamazisi", "usuku lokuzalwa", "identiteitsnommer",
    "id-nommer", "identiteitsdokument", "baasaboor", "kaarka aqoonsiga",
    "taariikhda dhalashada",
    # ASCII forms of words above them
    "cedula de identidad", "cédula de identidad", "numero de identificacion",
    "carte d'identite", "piece d'identite", "numero de securite sociale",
    "securite sociale", "carta d'identita", "dowod osobist", "dowodu osobist", "obcansky prukaz",
    "szemelyi igazolvany", "adoazonosito", "utlevel", "nufus cuzdan", "dogum tarihi",
    "henkilotunnus", "syntymaaika", "fodselsnummer", "can cuoc", "ho chieu",
})  # fmt: skip
"""More languages' words for an identity number or a passport, and their ASCII forms."""

_MORE_IDENTITY_TOOLS: Final = frozenset({
    "identitet", "идентитет", "самоличност", "identitēt", "tapatyb", "isikutuvast",
    "auðkenn", "hunaniaeth", "nortasun", "identitat", "identidade", "porez", "порез",
    "данък", "davk", "daň", "mokesč", "nodok", "maks=", "skatt", "treth",
    "zerga", "tatim", "osiguran", "осигур", "zavarovan", "poisten", "draud",
    "apdroš", "kindlustus", "trygging", "yswiriant", "aseguran", "sigurim", "zaposlen",
    "запослен", "служител", "zamestnan", "darbuotoj", "darbinie", "töötaja",
    "starfsm", "gweithiwr", "langile", "treballador", "punonjës", "putovanj", "путовањ",
    "пътуван", "potovanj", "cestovan", "kelion", "ceļojum", "ferðalag", "taith",
    "bidaia", "viatge", "udhëtim", "putni", "граѓан", "граждан", "pilietyb", "kodakondsus",
    "ვიზა", "паспорт", "пасош", "pasaport", "pasport", "vize", "виза", "viza",
    "საგადასახადო", "დაზღვევ", "ტურიზმ", "მოგზაურ", "հարկ", "ապահովագր", "ճամփորդ",
    "vergi", "sığorta", "sigorta", "səyahət", "салық", "сақтандыр", "soliq", "sug'urta",
    "sayohat", "ٹیکس", "انشورنس", "بیمہ", "سفر", "कर=", "विमा", "बीमा", "प्रवास", "यात्रा",
    "காப்பீடு", "பயண", "పన్ను", "బీమా", "ప్రయాణ", "ತೆರಿಗೆ", "ವಿಮೆ", "ಪ್ರಯಾಣ",
    "നികുതി", "ഇൻഷുറൻസ്", "യാത്ര", "વીમ", "મુસાફરી", "ਟੈਕਸ", "ਬੀਮਾ", "ਯਾਤਰਾ",
    "බදු", "රක්ෂණ", "සංචාර", "ពន្ធ", "ធានារ៉ាប់រង", "အခွန်", "အာမခံ", "ခရီး",
    "ພາສີ", "ປະກັນ", "ເດີນທາງ", "buwis", "seguro", "biyahe", "paglalakbay", "cukai",
    "insurans", "perjalanan", "ግብር", "ኢንሹራንስ", "ጉዞ", "haraji", "inshora", "tafiya",
    "owo-ori", "iṣeduro", "irin-ajo", "ụtụ isi", "intela", "umshwalense", "uhambo",
    "belasting", "versekering", "reis=", "werknemer", "cashuur", "caymis", "safar=",
    "tozsamosc", "kimlik", "nufus", "saglik", "sante", "saude",
})  # fmt: skip
"""More languages' words of identity checks, tax, insurance, staff and travel."""

_MORE_HEALTH: Final = frozenset({
    # genetic data, findings
    "genotype", "genotyp", "raw dna", "dna data", "dna file", "genetic data", "genome data",
    "befunde", "alle befunde",
    # Japanese: medical history, medication, chronic illness, blood tests
    "既往歴", "服薬", "持病", "通院歴", "血液検査", "病歴",
    "dijagnoz", "дијагноз", "diagnoz", "diagnóz", "povijest bolesti", "istorija bolesti",
    "историја болести", "zdravstveni karton", "medicinska dokumentacija",
    "медицинска документација", "здравен картон", "медицинско досие",
    "zdravstvena kartoteka", "zdravotná dokumentácia", "zdravotna dokumentacia",
    "zdravotny zaznam", "ligos istorij", "sveikatos duomen", "slimības vēstur",
    "slimibas vestur", "medicīnisk", "terviseandmed", "haiguslugu", "sjúkdómsgreining",
    "sjukdomsgreining", "sjúkraskrá", "sjukraskra", "cofnod meddygol", "hanes meddygol",
    "diagnostiko", "historia kliniko", "osasun datu", "diagnòstic", "historial mèdic",
    "historial medic", "història clínica", "historia clinica", "kartela mjekësore",
    "kartela mjekesore", "historia mjekësore", "historia mjekesore", "დიაგნოზ",
    "სამედიცინო ისტორი", "სამედიცინო ჩანაწერ", "სამედიცინო ბარათ", "ախտորոշ",
    "բժշկական պատմ", "բժշկական քարտ", "diaqnoz", "tibbi tarixçə", "tibbi tarixce",
    "tibbi kart", "медициналық карта", "ауру тарихы", "tashxis", "kasallik tarixi",
    "tibbiy karta", "طبی ریکارڈ", "طبی تاریخ", "वैद्यकीय इतिहास", "वैद्यकीय नोंद",
    "मेडिकल रेकर्ड", "நோயறிதல்", "மருத்துவ பதிவு", "மருத்துவ வரலாறு",
    "రోగ నిర్ధారణ", "వైద్య చరిత్ర", "వైద్య రికార్డ", "ರೋಗನಿರ್ಣಯ", "ವೈದ್ಯಕೀಯ ದಾಖಲೆ",
    "ವೈದ್ಯಕೀಯ ಇತಿಹಾಸ", "രോഗനിർണയ", "മെഡിക്കൽ റെക്കോർഡ്", "ചികിത്സാ ചരിത്രം",
    "તબીબી ઇતિહાસ", "મેડિકલ રેકોર્ડ", "ਮੈਡੀਕਲ ਰਿਕਾਰਡ", "ਡਾਕਟਰੀ ਇਤਿਹਾਸ",
    "රෝග විනිශ්චය", "වෛද්‍ය වාර්තා", "වෛද්‍ය ඉතිහාස", "រោគវិនិច្ឆ័យ",
    "ប្រវត្តិវេជ្ជសាស្ត្រ", "ဆေးမှတ်တမ်း", "ຜົນການກວດພະຍາດ", "ປະຫວັດການປິ່ນປົວ",
    "diyagnosis", "medikal na rekord", "kasaysayang medikal", "rekod perubatan",
    "sejarah perubatan", "የሕክምና ታሪክ", "የሕክምና መዝገብ", "tarihin lafiya",
    "bayanan lafiya", "ìtàn ìlera", "itan ilera", "akụkọ ahụike", "umlando wezempilo",
    "ukuxilongwa", "mediese geskiedenis", "mediese rekord", "taariikhda caafimaad",
    "xogta caafimaad",
    # ASCII forms of words above them
    "historial medico", "historico medico", "dossier medical", "antecedents medicaux",
    "prontuario", "saglik gecmis", "korttortenet", "zdravotni dokumentac", "benh an",
    "chan doan",
})  # fmt: skip
"""More languages' words for health data, and their ASCII forms."""

_MORE_HEALTH_TOOLS: Final = frozenset({
    "zdravlj", "здравље", "здрав", "zdravj", "zdravot", "zdravie", "sveikat", "veselīb",
    "veselib", "tervis", "heilsu", "heilbrig", "iechyd", "osasun", "salut=", "saúde",
    "saude", "shëndet", "shendet", "ჯანმრთელ", "առողջ", "sağlamlıq", "saglamliq",
    "денсаулық", "sog'liq", "salomat", "صحت", "आरोग्य", "स्वास्थ", "சுகாதார", "ஆரோக்கிய",
    "ఆరోగ్య", "ಆರೋಗ್ಯ", "ആരോഗ്യ", "આરોગ્ય", "ਸਿਹਤ", "සෞඛ්‍ය", "សុខភាព", "ကျန်းမာ",
    "ສຸຂະພາບ", "kalusugan", "kesihatan", "ጤና", "lafiya", "ìlera", "ilera", "ahụike",
    "impilo", "gesondheid", "caafimaad", "liječn", "lijecn", "лекар", "лікар", "zdravnik",
    "gydytoj", "ārst", "arst", "læknir", "meddyg", "mediku", "metge", "doktor", "mjek",
    "ექიმ", "բժիշկ", "həkim", "дәрігер", "shifokor", "ڈاکٹر", "डॉक्टर", "மருத்துவ",
    "వైద్య", "ವೈದ್ಯ", "ഡോക്ടർ", "ડૉક્ટર", "ਡਾਕਟਰ", "වෛද්‍ය", "វេជ្ជ", "ဆရာဝန်", "ທ່ານໝໍ",
    "ሐኪም", "likita", "dokita", "dọkịta", "udokotela", "dokter", "dhakhtar",
    "bolnic", "болниц", "ligonin", "slimnīc", "haigla", "sjúkrahús", "ysbyty",
    "ospitale", "ospital", "spital", "საავადმყოფ", "հիվանդանոց", "xəstəxana", "аурухана",
    "kasalxona", "ہسپتال", "रुग्णालय", "अस्पताल", "மருத்துவமனை", "ఆసుపత్రి", "ಆಸ್ಪತ್ರೆ",
    "ആശുപത്രി", "હોસ્પિટલ", "ਹਸਪਤਾਲ", "රෝහල", "មន្ទីរពេទ្យ", "ဆေးရုံ", "ໂຮງໝໍ",
    "hospital", "ሆስፒታል", "asibiti", "ile-iwosan", "ụlọ ọgwụ", "isibhedlela",
    "cisbitaal", "pacijent", "пацијент", "пациент", "pacient", "patsient", "sjúkling",
    "claf", "gaixo", "pacjent", "pasient", "pasyente", "pesakit", "bệnh nhân",
})  # fmt: skip
"""More languages' words of health care: health, doctors, hospitals, patients."""

_MORE_LOCATION: Final = frozenset({
    "povijest lokacij", "povijest kretanja", "istorija lokacij", "istorija kretanja",
    "историја локациј", "историја кретањ", "история на местоположени",
    "история на локации", "zgodovina lokacij", "história polohy", "historia polohy",
    "vietovių istorij", "vietoviu istorij", "buvimo vietos istorij",
    "atrašanās vietu vēstur", "atrasanas vietu vestur", "atrašanās vietas vēstur",
    "asukohaajalugu", "asukohtade ajalugu", "asukoha ajalugu", "staðsetningarsaga",
    "stadsetningarsaga", "hanes lleoliad", "kokapen-historia", "kokapen historia",
    "historial d'ubicacions", "historial d'ubicació", "historial de localizacións",
    "historial de localizacions", "historiku i vendndodhj", "მდებარეობის ისტორი",
    "տեղադրության պատմ", "գտնվելու վայրի պատմ", "məkan tarixçə", "mekan tarixce",
    "yer tarixçə", "орналасу тарихы", "орналасқан жер тарихы", "joylashuv tarixi",
    "مقام کی تاریخ", "لوکیشن ہسٹری", "இருப்பிட வரலாறு", "స్థాన చరిత్ర",
    "లొకేషన్ హిస్టరీ", "ಸ್ಥಳ ಇತಿಹಾಸ", "ലൊക്കേഷൻ ചരിത്രം", "സ്ഥാന ചരിത്രം",
    "સ્થાન ઇતિહાસ", "ਟਿਕਾਣਾ ਇਤਿਹਾਸ", "ਸਥਾਨ ਇਤਿਹਾਸ", "ස්ථාන ඉතිහාස", "ប្រវត្តិទីតាំង",
    "တည်နေရာမှတ်တမ်း", "ປະຫວັດສະຖານທີ່", "kasaysayan ng lokasyon", "sejarah lokasi",
    "የአካባቢ ታሪክ", "tarihin wuri", "itan ipo", "akụkọ ọnọdụ", "umlando wendawo",
    "liggingsgeskiedenis", "taariikhda goobta", "taariikhda goobaha",
    # ASCII forms of words above them
    "konum gecmis", "helyelozmeny", "lich su vi tri", "historico de localiza",
    "cronologia delle localita", "istoricul locatiilor",
})  # fmt: skip
"""More languages' words for a location history, and their ASCII forms."""

_MORE_LOCATION_TOOLS: Final = frozenset({
    "lokacij", "локациј", "локаци", "местоположени", "lokalit", "poloh", "vietov",
    "atrašanās viet", "atrasanas viet", "asukoh", "staðsetning", "stadsetning",
    "lleoliad", "kokapen", "ubicaci", "localizaci", "vendndodhj", "მდებარეობ", "տեղադր",
    "məkan", "mekan", "орналас", "joylashuv", "مقام", "இருப்பிட", "స్థాన", "ಸ್ಥಳ",
    "സ്ഥാന", "સ્થાન", "ਟਿਕਾਣਾ", "ස්ථාන", "ទីតាំង", "တည်နေရာ", "ສະຖານທີ່", "lokasyon",
    "አካባቢ", "navigac", "navigáci", "навигаци", "навігаці", "navigasyon", "navigasi",
    "karte", "kartta", "zemljevid", "zemljovid", "térkép", "terkep", "harita", "mapa",
    "карта", "რუკ", "քարտեզ", "xəritə", "kharita", "نقشہ", "ನಕ್ಷೆ", "ഭൂപട",
    "નકશ", "ਨਕਸ਼", "සිතියම", "ផែនទី", "မြေပုံ", "ແຜນທີ່", "peta=", "வரைபட", "kaart",
    "khariidad",
})  # fmt: skip
"""More languages' words of maps, trips and tracking."""

_MORE_PRIVATE: Final = frozenset({
    # private messages
    "privatne poruke", "privatnih poruka", "privatne poruk", "приватне поруке",
    "приватних порука", "лични съобщения", "личните съобщения", "zasebna sporočila",
    "zasebna sporocila", "zasebnih sporočil", "súkromné správy", "sukromne spravy",
    "privačios žinut", "privacios zinut", "asmenines žinut", "asmeninės žinut",
    "privātās ziņ", "privatas zin", "privātās vēstul", "privaatsõnum", "privaatsonum",
    "privaatsed sõnumid", "privaatsed sonumid", "einkaskilaboð", "einkaskilabod",
    "negeseuon preifat", "mezu pribatu", "missatges privats", "missatges directes",
    "mensaxes privadas", "mensaxes directas", "mesazhet private", "mesazhe private",
    "mesazhet e drejtpërdrejta", "პირადი შეტყობინებ", "անձնական հաղորդագր",
    "şəxsi mesaj", "sexsi mesaj", "жеке хабарлама", "shaxsiy xabar", "نجی پیغام",
    "ذاتی پیغام", "खाजगी संदेश", "निजी सन्देश", "தனிப்பட்ட செய்தி", "ప్రైవేట్ సందేశ",
    "ವೈಯಕ್ತಿಕ ಸಂದೇಶ", "ಖಾಸಗಿ ಸಂದೇಶ", "സ്വകാര്യ സന്ദേശ", "ખાનગી સંદેશ", "ਨਿੱਜੀ ਸੁਨੇਹ",
    "පුද්ගලික පණිවිඩ", "សារឯកជន", "ကိုယ်ရေးကိုယ်တာ မက်ဆေ့", "ຂໍ້ຄວາມສ່ວນຕົວ",
    "pribadong mensahe", "mesej peribadi", "mesej persendirian", "የግል መልእክት",
    "saƙonnin sirri", "sakonnin sirri", "ifiranṣẹ aladani", "ifiranse aladani",
    "ozi nzuzo", "imilayezo eyimfihlo", "imilayezo yangasese", "privaat boodskappe",
    "fariimaha gaarka", "fariimaha khaaska",
    # the address book
    "telefonski imenik", "imenik", "адресар", "именик", "телефонски именик",
    "списък с контакти", "seznam stikov", "zoznam kontaktov", "adresų knyg", "adresu knyg",
    "kontaktų sąraš", "kontaktu saras", "adrešu grāmat", "adresu gramat",
    "kontaktu sarakst", "aadressiraamat", "kontaktide loend", "tengiliðaskrá",
    "tengilidaskra", "heimilisfangaskrá", "llyfr cyfeiriadau", "rhestr cysylltiadau",
    "helbide-liburu", "helbide liburu", "kontaktu zerrenda", "llibreta d'adreces",
    "llista de contactes", "axenda de contactos", "libri i adresave",
    "lista e kontakteve", "მისამართების წიგნ", "კონტაქტების სი", "հասցեագիրք",
    "կոնտակտների ցանկ", "ünvan kitabı", "unvan kitabi", "kontakt siyahı",
    "kontakt siyahi", "мекенжай кітаб", "контактілер тізім", "manzillar kitob",
    "kontaktlar ro'yxat", "ایڈریس بک", "رابطوں کی فہرست", "முகவரிப் புத்தக",
    "தொடர்பு பட்டியல்", "సంప్రదింపుల జాబితా", "ಸಂಪರ್ಕ ಪಟ್ಟಿ", "കോൺടാക്റ്റ് ലിസ്റ്റ്",
    "સંપર્ક સૂચિ", "ਸੰਪਰਕ ਸੂਚੀ", "සම්බන්ධතා ලැයිස්තු", "បញ្ជីទំនាក់ទំនង",
    "ဆက်သွယ်ရန်စာရင်း", "ລາຍຊື່ຜູ້ຕິດຕໍ່", "listahan ng contact", "senarai kenalan",
    "buku alamat", "የአድራሻ መጽሐፍ", "jerin lambobin waya", "akojọ olubasọrọ",
    "uhlu lokuxhumana", "adresboek", "kontaklys", "liiska xiriirada",
    # ASCII forms of words above them
    "mensajes privados", "messages prives", "wiadomosci prywatne", "prywatne wiadomosci",
    "soukrome zpravy", "privat uzenet", "ozel mesaj", "tin nhan rieng",
    "ksiazka adresowa", "ksiazke adresowa", "cimjegyzek", "nevjegyzek", "kisi listesi",
    "catalogo de enderecos", "lista kontaktow", "seznam kontaktu",
})  # fmt: skip
"""More languages' words for private messages and the address book, and ASCII forms."""

_MORE_PRIVATE_TOOLS: Final = frozenset({
    "poruk", "порук", "съобщени", "sporočil", "sporocil", "správ", "sprav", "žinut",
    "zinut", "ziņ", "sõnum", "sonum", "skilaboð", "skilabod", "neges", "mezu", "missatg",
    "mensax", "mesazh", "შეტყობინებ", "հաղորդագր", "хабарлам", "xabar", "پیغام",
    "செய்தி", "సందేశ", "ಸಂದೇಶ", "സന്ദേശ", "સંદેશ", "ਸੁਨੇਹ", "सन्देश", "පණිවිඩ",
    "ផ្ញើសារ", "မက်ဆေ့", "ຂໍ້ຄວາມ", "mensahe", "mesej", "መልእክት", "saƙo",
    "ifiranṣẹ", "ifiranse", "umlayezo", "imilayezo", "boodskap", "fariin",
    "imenik", "именик", "kontakt", "kenalan", "ünvan", "manzil", "sms",
})  # fmt: skip
"""More languages' words of messaging and contacts."""


_MORE_ORDERING: Final = frozenset({
    "kupnj", "kupovin", "куповин", "nakup", "pirkim", "pirkum", "ostu", "compra", "blerj",
    "შეძენ", "գնում", "alış", "сатып ал", "xarid", "خریداری", "खरेदी", "pembelian",
    "aankope", "satin al", "vasarl",
})  # fmt: skip
"""Of `_MORE_PAYMENT_TOOLS`, the words of buying: a shop takes a card, not an identity."""

_MORE_PASSWORD_TOOLS: Final = frozenset({
    "lozink", "geslo", "gesla", "slaptažod", "slaptazod", "parool", "salasõna", "lykilorð",
    "lykilord", "cyfrinair", "pasahitz", "contrasinal", "fjalëkalim", "fjalekalim",
    "პაროლ", "գաղտնաբառ", "şifrə", "sifre", "parol=", "құпиясөз", "پاس ورڈ", "پاسورڈ",
    "கடவுச்சொல்", "పాస్‌వర్డ్", "పాస్వర్డ్", "ಪಾಸ್‌ವರ್ಡ್", "ಪಾಸ್ವರ್ಡ್", "പാസ്‌വേഡ്",
    "പാസ്വേഡ്", "પાસવર્ડ", "ਪਾਸਵਰਡ", "මුරපද", "ពាក្យសម្ងាត់", "စကားဝှက်", "ລະຫັດຜ່ານ",
    "የይለፍ ቃል", "kalmar sirri", "okwuntughe", "iphasiwedi", "wagwoord", "contrasena",
    "jelszo", "haslo", "losenord", "mat khau",
})  # fmt: skip
"""Of `_MORE_PASSWORDS`, the words for a password itself: a tool that changes one."""


_MORE_CODES: Final = frozenset({
    "koda=", "kodo=", "kodas", "kodą", "kods=", "kodu=", "kood=", "koodi=", "kóði", "kóða",
    "კოდ", "կոդ", "кодът", "кода=", "کوڈ", "குறியீடு", "కోడ్", "ಕೋಡ್", "കോഡ്", "કોડ",
    "ਕੋਡ", "කේත", "លេខកូដ", "ကုဒ်", "ລະຫັດ", "ኮድ", "ikhodi", "koodhka", "koodu",
})  # fmt: skip
"""More languages' words for a code, read as `_CODES` are: beside its delivery."""


UPPER: Final = frozenset({"pin", "pins", "tan", "rib"})
"""Words that name a secret only in capitals: "the PIN", not "pin the rows"; "the TAN",
not "tan(x)"."""

_GALLERY: Final = frozenset({
    "camera roll", "photo library", "photo gallery", "phone's gallery", "user's gallery",
    "phone gallery", "recent photos", "all photos", "every photo", "all the photos",
    "photos from the user", "photos on the phone", "carrete", "galería de fotos",
    "pellicule", "galerie photo", "rullino", "galleria fotografica", "rolo da câmera",
    "galeria de fotos", "fotomediathek", "fotogalerie", "filmrulle", "kamerarulle",
    "galeria zdjęć", "galeri foto", "galerisindeki", "galerideki", "galeriden",
    "фото з галереї", "з галереї", "из галереи",
    "fotoğraf galeri", "фотогалере",
    "галерею", "галерея телефона", "گالری", "معرض الصور", "גלריה", "गैलरी", "相册", "相簿",
    "カメラロール", "写真ライブラリ", "갤러리", "사진첩", "คลังภาพ", "thư viện ảnh",
    "album ảnh", "galeri ponsel", "picha zote",
})  # fmt: skip
"""Someone's photo library: the camera roll, every photo on the phone."""

_GALLERY_TOOLS: Final = frozenset({
    "photo", "gallery", "album", "camera", "backup", "image", "picture", "foto", "galer",
    "фото", "写真", "照片", "사진", "ảnh",
})  # fmt: skip
"""What a tool that takes a photo library is about: photos, albums, their backups."""

_STORES: Final = frozenset({
    # English
    "camera roll", "all photos", "every photo", "all the photos", "all recent photos",
    "phone backup", "backup of the phone", "backup of their phone", "backup of the device",
    "all my photos", "all of the photos", "entire photo library", "whole photo library",
    "dcim", "all contacts", "every contact", "all the contacts", "all of the contacts",
    "contacts on this device", "contacts on the device", "contacts on the phone",
    "phone contacts", "personal contacts", "device contacts", "full contacts",
    "entire address book", "whole address book", "sms inbox", "text message inbox",
    "all sms", "all text messages", "call log", "call history",
    # other languages: every photo, every contact, the SMS inbox
    "todas las fotos", "toutes les photos", "alle fotos", "tutte le foto", "todas as fotos",
    "wszystkie zdjęcia", "všechny fotky", "tüm fotoğraflar", "все фото", "усі фото",
    "所有照片", "すべての写真", "모든 사진", "tất cả ảnh", "semua foto", "picha zote",
    "todos los contactos", "tous les contacts", "alle kontakte", "tutti i contatti",
    "todos os contatos", "wszystkie kontakty", "všechny kontakty", "tüm kişiler",
    "все контакты", "усі контакти", "所有联系人", "すべての連絡先", "모든 연락처",
    "tất cả danh bạ", "semua kontak", "danh bạ điện thoại", "sms-posteingang",
    "boîte de réception sms", "bandeja de sms", "skrzynka sms", "schránka sms",
})  # fmt: skip
"""A whole store of someone's phone: every photo, every contact, the SMS inbox. A field
taking it all is no one tool's need but a backup's or a transfer's."""

_STORE_TOOLS: Final = frozenset({
    "backup", "back up", "export", "sync", "import", "migrat", "transfer", "dedup",
    "duplicate", "clean up", "cleanup", "declutter", "organiz", "organis", "restore",
    "address book", "contacts", "contact manager", "sms", "message", "messag", "whatsapp",
    "sauvegard", "copia de seguridad", "respaldo", "sicherung", "备份", "備份",
    "バックアップ", "백업", "sao lưu", "cadangan", "yedek", "kopia zapasowa", "záloh",
    "резервн",
})  # fmt: skip
"""What a tool taking a whole store is about: backing it up, moving it, tidying it."""

_USERS: Final = frozenset({
    "user", "users", "member", "profile", "person=", "persons=", "people", "customer", "contact",
    "employee", "staff", "patient", "account", "login",
})  # fmt: skip
"""In a tool's or a field's name: the people whose records it keeps."""

_MEMBERSHIPS: Final = frozenset({"member", "customer", "contact", "account", "login"})
"""Of those, people a tool knows by a membership: a club's member, a shop's customer.
Their records are no health records; a patient's or an employee's may be."""

_HOME_CODES: Final = frozenset({
    "keysafe", "key safe", "key-safe", "key box code", "lockbox code", "gun safe code",
    "spare key", "spare house key", "hidden key", "house key is kept", "key is hidden",
    "safe combination", "safe code", "alarm code", "alarm codes", "alarm's engineer",
    "engineer code", "door code", "door codes", "keypad code", "gate code", "garage code",
    "when the house is empty", "house will be empty", "house is empty", "home is empty",
    "away dates", "holiday dates", "vacation dates", "while they are away",
    "boîte à clés", "code de l'alarme", "code d'alarme", "schlüsseltresor", "schlüsselbox",
    "alarmanlagencode", "caja de llaves", "código de la alarma", "cassetta delle chiavi",
    "codice allarme", "cofre de chaves", "sleutelkluis", "nyckelskåp", "nøkkelboks",
    "sejf na klucze", "ключница", "код сигнализации", "キーボックス", "키박스",
})  # fmt: skip
"""What opens an empty home: its key safe and alarm codes, and when nobody is in."""

_HOME_CODE_TOOLS: Final = frozenset({
    "alarm", "lock", "locksmith", "keysafe", "key safe", "keybox", "key box", "lockbox",
    "door", "gate", "keypad", "access control", "intercom", "smart home", "security system",
    "home security", "safe=", "key register", "key holding", "keyholding", "house sitting",
    "house-sitting", "housesitting", "holiday let", "cleaning", "cleaner", "care visit",
    "home care", "property management", "concierge", "check-in", "check in", "schloss",
    "serrure", "cerradura", "serratura",
})  # fmt: skip
"""What a tool that takes a home's codes is about: locks, alarms, keyholding, letting
someone in."""

KINDS: Final[tuple[Kind, ...]] = (
    Kind(
        "a password or one-time code",
        _CREDENTIALS | _MORE_PASSWORDS,
        _CREDENTIAL_TOOLS | _MORE_SIGN_IN_TOOLS | _MORE_PASSWORD_TOOLS,
        _USERS,
        purpose=_SIGN_IN,
        secret=True,
    ),
    Kind(
        "a bank or wallet sign-in",
        _BANKING,
        _BANKING_TOOLS,
        qualified=_SIGN_IN_WORDS,
        secret=True,
        siblings=False,
    ),
    Kind(
        "a government e-ID sign-in",
        EID,
        EID_TOOLS,
        qualified=_SIGN_IN_SECRETS,
        secret=True,
        siblings=False,
    ),
    Kind(
        "a one-time code",
        _CODES | _MORE_CODES,
        _CREDENTIAL_TOOLS | _PAYMENT_TOOLS | _MORE_SIGN_IN_TOOLS | _MORE_PAYMENT_TOOLS,
        _USERS,
        qualified=_DELIVERED,
        purpose=_NAMED_CODE,
    ),
    Kind(
        "a card or bank account",
        _PAYMENT | _MORE_PAYMENT,
        _PAYMENT_TOOLS | _MORE_PAYMENT_TOOLS,
        _USERS,
        purpose=_PAYING,
    ),
    Kind("someone's finances", _FINANCES, _FINANCE_TOOLS, purpose=_KEPT_SAFE),
    Kind(
        "an identity number",
        _IDENTITY | _MORE_IDENTITY,
        _IDENTITY_TOOLS
        | (_PAYMENT_TOOLS - _ORDERING - _NOT_IDENTITY)
        | _TRAVEL
        | _MORE_IDENTITY_TOOLS
        | (_MORE_PAYMENT_TOOLS - _MORE_ORDERING),
        _USERS,
        purpose=_OWN_IDENTITY,
    ),
    Kind(
        "health data",
        _HEALTH | _MORE_HEALTH,
        _HEALTH_TOOLS | _MORE_HEALTH_TOOLS,
        _USERS - _MEMBERSHIPS,
        purpose=_KEPT_SAFE,
    ),
    Kind("a wallet's recovery words", _RECOVERY, _RECOVERY_TOOLS, secret=True),
    Kind("the codes that open someone's home", _HOME_CODES, _HOME_CODE_TOOLS, secret=True),
    Kind(
        "an authenticator's seed or recovery codes",
        _SEEDS,
        _SEED_TOOLS,
        secret=True,
        siblings=False,
    ),
    Kind(
        "the password of someone's mailbox, computer or other sites",
        _MAILBOX,
        _MAILBOX_TOOLS,
        secret=True,
        siblings=False,
    ),
    Kind(
        "someone's beliefs, orientation or origin",
        SPECIAL,
        SPECIAL_TOOLS,
        _USERS,
        purpose=_KEPT_SAFE,
    ),
    Kind(
        "someone's biometrics",
        BIOMETRIC,
        BIOMETRIC_TOOLS,
        _USERS,
        purpose=NOT_BIOMETRIC | _KEPT_SAFE,
    ),
    Kind("the clipboard", _CLIPBOARD, _CLIPBOARD_TOOLS, siblings=False),
    Kind(
        "an access token or API key",
        _TOKENS,
        _TOKEN_TOOLS,
        purpose=_NOT_ACCESS,
        secret=True,
        elsewhere=True,
        siblings=False,
    ),
    Kind(
        "secrets of the environment or the browser",
        _ENVIRONMENT,
        _ENVIRONMENT_TOOLS,
        purpose=_RUNNING,
        secret=True,
    ),
    Kind("the conversation", _TALK, _TALK_TOOLS, purpose=_MODEL_INPUT),
    Kind(
        "the conversation",
        _TALK_ASKED,
        _TALK_TOOLS,
        qualified=_TALK_QUALIFIED,
        purpose=_MODEL_INPUT,
    ),
    Kind("files the model read", _FILES, _FILES_TOOLS, qualified=_FILES_QUALIFIED),
    Kind(
        "someone's personal details",
        _PERSONAL_ASKED,
        _PERSONAL_TOOLS,
        _USERS,
        distinct=2,
        purpose=_ADDRESSED,
    ),
    Kind(
        "the model's instructions",
        _OWN_INSTRUCTIONS,
        _PROMPT_TOOLS,
        qualified=YOU | RECEIVED,
        purpose=_MODEL_INPUT,
    ),
    Kind("the model's instructions", _PROMPT, _PROMPT_TOOLS, purpose=_MODEL_INPUT),
    Kind(
        "someone's location history",
        _LOCATED,
        _LOCATION_TOOLS | _MORE_LOCATION_TOOLS,
        _USERS - _MEMBERSHIPS,
        purpose=_KEPT_SAFE,
    ),
    Kind(
        "someone's location history",
        _LOCATION | _MORE_LOCATION,
        _HISTORY_TOOLS | _MORE_LOCATION_TOOLS,
        _USERS - _MEMBERSHIPS,
        purpose=_KEPT_SAFE,
    ),
    Kind(
        "someone's location history",
        _WHERE,
        _LOCATION_TOOLS | _MORE_LOCATION_TOOLS,
        _USERS - _MEMBERSHIPS,
        qualified=_TRACKED,
        purpose=_KEPT_SAFE,
    ),
    Kind(
        "someone's precise location",
        _WHERE,
        _LOCATION_TOOLS | _MORE_LOCATION_TOOLS | _NEARBY,
        _USERS - _MEMBERSHIPS,
        qualified=_LIVE,
        purpose=_KEPT_SAFE,
    ),
    Kind(
        "someone's private messages or contacts",
        _PRIVATE | _MORE_PRIVATE,
        _PRIVATE_TOOLS | _MORE_PRIVATE_TOOLS,
        _USERS,
        purpose=_KEPT_SAFE,
    ),
    Kind("someone's browsing history", _BROWSING, _BROWSING_TOOLS, purpose=_KEPT_SAFE),
    Kind("someone's photo library", _GALLERY, _GALLERY_TOOLS, purpose=_KEPT_SAFE),
    Kind("everything on someone's phone", _STORES, _STORE_TOOLS, secret=True, siblings=False),
    Kind("other tools' results", _OUTPUTS, _OUTPUTS_TOOLS, qualified=_RESULTS),
)
"""Every kind, in the order a field's words are tried."""

HOME: Final = frozenset({
    # English
    "door code", "keypad code", "lock code", "alarm code", "gate code", "entry code",
    "access code", "camera image", "camera snapshot", "camera footage", "camera feed",
    "camera recording", "security footage", "cctv footage", "doorbell footage",
    "floor plan", "map of the home", "map of the house", "home address", "house address",
    # Romance
    "code de la porte", "codes de la porte", "code d'accès", "codes d'accès",
    "code d'alarme", "images des caméras", "images de la caméra", "plan du logement",
    "código de la puerta", "códigos de la puerta", "código de acceso", "código de alarma",
    "imágenes de las cámaras", "imágenes de la cámara", "grabaciones de las cámaras",
    "codice della porta", "codici della porta", "codice dell'allarme",
    "immagini delle telecamere", "immagini della telecamera", "código da porta",
    "código do alarme", "imagens das câmeras", "imagens da câmera", "imagens das câmaras",
    # Germanic, Nordic, Finnish
    "türcode", "alarmcode", "zugangscode", "kamerabilder", "kameraaufnahmen", "grundriss",
    "deurcode", "toegangscode", "camerabeelden", "dörrkod", "larmkod", "portkod",
    "dørkode", "alarmkode", "kamerabilleder", "kortet over boligen", "ovikoodi",
    "hälytyskoodi", "kameran kuva",
    # Slavic, Turkish, Greek
    "kod do drzwi", "kody do drzwi", "kod alarmu", "nagrania z kamer", "zdjęcia z kamer",
    "obraz z kamer", "kód ke dveřím", "kód alarmu", "záznamy z kamer", "код двери",
    "коды дверей", "код от двери", "код сигнализации", "снимки с камер", "записи с камер",
    "коди дверей", "код дверей", "код сигналізації", "знімки з камер", "записи з камер",
    "kapı kodu", "alarm kodu", "kamera görüntü", "anlık görüntü", "κωδικό πόρτας",
    "κωδικό συναγερμού", "εικόνες των καμερών",
    # Arabic, Hebrew, Hindi; CJK, Thai, Vietnamese, Indonesian
    "رمز الباب", "صور الكاميرا", "لقطات الكاميرا", "קוד הדלת", "צילומי המצלמה",
    "दरवाज़े का कोड", "कैमरा फुटेज", "门禁码", "门锁密码", "摄像头画面", "监控录像",
    "摄像头截图", "ドアコード", "カメラ画像", "カメラの映像", "도어락", "카메라 영상",
    "카메라 이미지", "ภาพจากกล้อง", "รหัสประตู", "mã cửa", "ảnh chụp", "hình ảnh camera",
    "kode pintu", "kode alarm", "rekaman kamera", "gambar kamera",
})  # fmt: skip
"""What keeps a home: its door and alarm codes, its cameras' images, its plan and address."""
