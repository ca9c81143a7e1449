// The studio's own texts, in the site's languages (lo, cn, vn, en) and Thai. Lao is the default. Kept here
// rather than in public/locales so the studio loads nothing of the player app.

const en = {
  payTable: 'Pay table',
  loading: 'Loading the game…',
  balance: 'Balance',
  betPerLine: 'Bet per line',
  lines: 'Lines',
  totalBet: 'Total bet',
  spin: 'Spin',
  spinning: 'Spinning…',
  reels: 'Reels',
  symbolCherry: 'Cherry',
  symbolBell: 'Bell',
  lineWin: 'Line {line}: {symbol} × {count}',
  won: 'You won {amount} THB',
  noWin: 'No win this time',
  betOn: 'Bet on',
  player: 'Player',
  banker: 'Banker',
  tie: 'Tie',
  chip: 'Chip',
  deal: 'Deal',
  dealing: 'Dealing…',
  openRound: 'Unfinished round: {amount} THB on {side}',
  finishRound: 'Finish the round',
  wins: '{side} wins',
  tieResult: 'Tie',
  bet: 'Bet',
  pickCard: 'Pick a card',
  card: 'Card {n}',
  newRound: 'New round',
  youPicked: 'You picked card {n}',
  noCredit: 'Not enough credit for this bet. Move credit to this provider on the site.',
  roundOpen: 'Finish the open round first.',
  sessionEnded: 'This game session has ended. Open the game again from the site.',
  playStopped:
    'Play is paused on your account (a break, self-exclusion or your daily time limit). You can still withdraw on the site.',
  playTimeReached:
    'You have reached your daily play-time limit: no more bets today. Play again after midnight (Vientiane time); you can still withdraw on the site.',
  tokenUsed: 'This game link was already used or is not valid. Open the game again from the site.',
  tokenExpired: 'This game link has expired. Open the game again from the site.',
  unavailable: 'This game is not available.',
  disabled: 'This game is switched off for now.',
  offline: 'No connection. Please try again.',
  generic: 'Something went wrong. Please try again.',
  noToken: 'Open this game from the site.',
};

export type Texts = typeof en;
export type TextKey = keyof Texts;

const lo: Texts = {
  payTable: 'ຕາຕະລາງການຈ່າຍ',
  loading: 'ກຳລັງໂຫຼດເກມ…',
  balance: 'ຍອດເງິນ',
  betPerLine: 'ເດີມພັນຕໍ່ເສັ້ນ',
  lines: 'ຈຳນວນເສັ້ນ',
  totalBet: 'ເດີມພັນທັງໝົດ',
  spin: 'ໝຸນ',
  spinning: 'ກຳລັງໝຸນ…',
  reels: 'ວົງລໍ້',
  symbolCherry: 'ເຊີຣີ',
  symbolBell: 'ລະຄັງ',
  lineWin: 'ເສັ້ນ {line}: {symbol} × {count}',
  won: 'ທ່ານຊະນະ {amount} THB',
  noWin: 'ຮອບນີ້ບໍ່ຊະນະ',
  betOn: 'ເດີມພັນຝ່າຍ',
  player: 'ຜູ້ຫຼິ້ນ',
  banker: 'ເຈົ້າມື',
  tie: 'ສະເໝີ',
  chip: 'ຊິບ',
  deal: 'ແຈກໄພ່',
  dealing: 'ກຳລັງແຈກໄພ່…',
  openRound: 'ຮອບທີ່ຍັງບໍ່ຈົບ: {amount} THB ຝ່າຍ{side}',
  finishRound: 'ຈົບຮອບນີ້',
  wins: '{side} ຊະນະ',
  tieResult: 'ສະເໝີ',
  bet: 'ເດີມພັນ',
  pickCard: 'ເລືອກໄພ່ໜຶ່ງໃບ',
  card: 'ໄພ່ໃບທີ {n}',
  newRound: 'ຮອບໃໝ່',
  youPicked: 'ທ່ານເລືອກໄພ່ໃບທີ {n}',
  noCredit: 'ເຄຣດິດບໍ່ພໍສຳລັບເດີມພັນນີ້. ໂອນເຄຣດິດມາຄ່າຍນີ້ຢູ່ໃນເວັບໄຊ.',
  roundOpen: 'ກະລຸນາຈົບຮອບທີ່ຄ້າງຢູ່ກ່ອນ.',
  sessionEnded: 'ເຊດຊັນເກມນີ້ໝົດອາຍຸແລ້ວ. ເປີດເກມຄືນໃໝ່ຈາກເວັບໄຊ.',
  playStopped: 'ບັນຊີຂອງທ່ານຢຸດການຫຼິ້ນຢູ່ (ພັກການຫຼິ້ນ, ລະງັບດ້ວຍຕົນເອງ ຫຼື ຄົບເວລາຂອງມື້). ທ່ານຍັງຖອນເງິນໄດ້ຢູ່ເວັບໄຊ.',
  playTimeReached:
    'ທ່ານຫຼິ້ນຄົບເວລາທີ່ກຳນົດຂອງມື້ນີ້ແລ້ວ: ວາງເດີມພັນບໍ່ໄດ້ອີກໃນມື້ນີ້. ຫຼິ້ນໄດ້ອີກຫຼັງທ່ຽງຄືນ (ເວລາວຽງຈັນ); ທ່ານຍັງຖອນເງິນໄດ້ຢູ່ເວັບໄຊ.',
  tokenUsed: 'ລິ້ງເກມນີ້ຖືກໃຊ້ແລ້ວ ຫຼື ບໍ່ຖືກຕ້ອງ. ເປີດເກມຄືນໃໝ່ຈາກເວັບໄຊ.',
  tokenExpired: 'ລິ້ງເກມນີ້ໝົດອາຍຸແລ້ວ. ເປີດເກມຄືນໃໝ່ຈາກເວັບໄຊ.',
  unavailable: 'ເກມນີ້ບໍ່ພ້ອມໃຫ້ບໍລິການ.',
  disabled: 'ເກມນີ້ປິດຢູ່ຊົ່ວຄາວ.',
  offline: 'ບໍ່ມີການເຊື່ອມຕໍ່. ກະລຸນາລອງໃໝ່.',
  generic: 'ມີບາງຢ່າງຜິດພາດ. ກະລຸນາລອງໃໝ່.',
  noToken: 'ເປີດເກມນີ້ຈາກເວັບໄຊ.',
};

const cn: Texts = {
  payTable: '赔付表',
  loading: '游戏加载中…',
  balance: '余额',
  betPerLine: '每线投注',
  lines: '线数',
  totalBet: '总投注',
  spin: '旋转',
  spinning: '旋转中…',
  reels: '转轴',
  symbolCherry: '樱桃',
  symbolBell: '铃铛',
  lineWin: '第{line}线：{symbol} × {count}',
  won: '您赢得 {amount} THB',
  noWin: '本局未中奖',
  betOn: '投注',
  player: '闲',
  banker: '庄',
  tie: '和',
  chip: '筹码',
  deal: '发牌',
  dealing: '发牌中…',
  openRound: '未完成的一局：{amount} THB 押{side}',
  finishRound: '完成本局',
  wins: '{side}赢',
  tieResult: '和局',
  bet: '投注',
  pickCard: '选择一张牌',
  card: '第{n}张牌',
  newRound: '新一局',
  youPicked: '您选择了第{n}张牌',
  noCredit: '额度不足。请在网站上把额度转到此游戏商。',
  roundOpen: '请先完成未结束的一局。',
  sessionEnded: '游戏会话已结束，请从网站重新打开游戏。',
  playStopped: '您的账户已暂停游戏（暂停、自我禁止或今日时间已满）。您仍可在网站上提款。',
  playTimeReached:
    '您已达到今日的游戏时间上限：今天不能再下注。请在午夜（万象时间）后再玩；您仍可在网站上提款。',
  tokenUsed: '此游戏链接已使用或无效，请从网站重新打开游戏。',
  tokenExpired: '此游戏链接已过期，请从网站重新打开游戏。',
  unavailable: '此游戏不可用。',
  disabled: '此游戏暂时关闭。',
  offline: '网络连接失败，请重试。',
  generic: '出错了，请重试。',
  noToken: '请从网站打开此游戏。',
};

const vn: Texts = {
  payTable: 'Bảng trả thưởng',
  loading: 'Đang tải trò chơi…',
  balance: 'Số dư',
  betPerLine: 'Cược mỗi dòng',
  lines: 'Số dòng',
  totalBet: 'Tổng cược',
  spin: 'Quay',
  spinning: 'Đang quay…',
  reels: 'Cuộn quay',
  symbolCherry: 'Anh đào',
  symbolBell: 'Chuông',
  lineWin: 'Dòng {line}: {symbol} × {count}',
  won: 'Bạn thắng {amount} THB',
  noWin: 'Lượt này không thắng',
  betOn: 'Cược vào',
  player: 'Con',
  banker: 'Cái',
  tie: 'Hòa',
  chip: 'Phỉnh',
  deal: 'Chia bài',
  dealing: 'Đang chia bài…',
  openRound: 'Ván chưa xong: {amount} THB cửa {side}',
  finishRound: 'Kết thúc ván',
  wins: '{side} thắng',
  tieResult: 'Hòa',
  bet: 'Cược',
  pickCard: 'Chọn một lá bài',
  card: 'Lá bài {n}',
  newRound: 'Ván mới',
  youPicked: 'Bạn đã chọn lá bài {n}',
  noCredit: 'Không đủ tín dụng cho mức cược này. Hãy chuyển tín dụng sang nhà cung cấp này trên trang web.',
  roundOpen: 'Hãy kết thúc ván đang mở trước.',
  sessionEnded: 'Phiên chơi đã kết thúc. Hãy mở lại trò chơi từ trang web.',
  playStopped:
    'Tài khoản của bạn đang ngừng chơi (tạm nghỉ, tự loại trừ hoặc hết thời gian hôm nay). Bạn vẫn có thể rút tiền trên trang web.',
  playTimeReached:
    'Bạn đã đạt giới hạn thời gian chơi hôm nay: không thể đặt cược thêm. Hãy chơi lại sau nửa đêm (giờ Viêng Chăn); bạn vẫn có thể rút tiền trên trang web.',
  tokenUsed: 'Liên kết trò chơi đã được dùng hoặc không hợp lệ. Hãy mở lại trò chơi từ trang web.',
  tokenExpired: 'Liên kết trò chơi đã hết hạn. Hãy mở lại trò chơi từ trang web.',
  unavailable: 'Trò chơi này không khả dụng.',
  disabled: 'Trò chơi này đang tạm tắt.',
  offline: 'Không có kết nối. Vui lòng thử lại.',
  generic: 'Đã xảy ra lỗi. Vui lòng thử lại.',
  noToken: 'Hãy mở trò chơi này từ trang web.',
};

const th: Texts = {
  payTable: 'ตารางการจ่าย',
  loading: 'กำลังโหลดเกม…',
  balance: 'ยอดเงิน',
  betPerLine: 'เดิมพันต่อไลน์',
  lines: 'จำนวนไลน์',
  totalBet: 'เดิมพันรวม',
  spin: 'หมุน',
  spinning: 'กำลังหมุน…',
  reels: 'วงล้อ',
  symbolCherry: 'เชอร์รี่',
  symbolBell: 'ระฆัง',
  lineWin: 'ไลน์ {line}: {symbol} × {count}',
  won: 'คุณชนะ {amount} THB',
  noWin: 'รอบนี้ไม่ชนะ',
  betOn: 'เดิมพันฝั่ง',
  player: 'ผู้เล่น',
  banker: 'เจ้ามือ',
  tie: 'เสมอ',
  chip: 'ชิป',
  deal: 'แจกไพ่',
  dealing: 'กำลังแจกไพ่…',
  openRound: 'รอบที่ยังไม่จบ: {amount} THB ฝั่ง{side}',
  finishRound: 'จบรอบนี้',
  wins: '{side}ชนะ',
  tieResult: 'เสมอ',
  bet: 'เดิมพัน',
  pickCard: 'เลือกไพ่หนึ่งใบ',
  card: 'ไพ่ใบที่ {n}',
  newRound: 'รอบใหม่',
  youPicked: 'คุณเลือกไพ่ใบที่ {n}',
  noCredit: 'เครดิตไม่พอสำหรับเดิมพันนี้ โอนเครดิตมาที่ค่ายนี้บนเว็บไซต์',
  roundOpen: 'กรุณาจบรอบที่ค้างอยู่ก่อน',
  sessionEnded: 'เซสชันเกมหมดอายุแล้ว เปิดเกมใหม่จากเว็บไซต์',
  playStopped: 'บัญชีของคุณหยุดการเล่นอยู่ (พักการเล่น ระงับด้วยตนเอง หรือครบเวลาของวัน) คุณยังถอนเงินบนเว็บไซต์ได้',
  playTimeReached:
    'คุณเล่นครบเวลาที่กำหนดของวันนี้แล้ว: วางเดิมพันไม่ได้อีกในวันนี้ เล่นได้อีกหลังเที่ยงคืน (เวลาเวียงจันทน์) คุณยังถอนเงินบนเว็บไซต์ได้',
  tokenUsed: 'ลิงก์เกมนี้ถูกใช้แล้วหรือไม่ถูกต้อง เปิดเกมใหม่จากเว็บไซต์',
  tokenExpired: 'ลิงก์เกมนี้หมดอายุแล้ว เปิดเกมใหม่จากเว็บไซต์',
  unavailable: 'เกมนี้ไม่พร้อมให้บริการ',
  disabled: 'เกมนี้ปิดชั่วคราว',
  offline: 'ไม่มีการเชื่อมต่อ กรุณาลองใหม่',
  generic: 'เกิดข้อผิดพลาด กรุณาลองใหม่',
  noToken: 'เปิดเกมนี้จากเว็บไซต์',
};

export const TEXTS: Record<string, Texts> = { lo, cn, vn, en, th };

/** The texts of a language code from the page (lo, cn, vn, en, th); Lao for anything else. */
export function textsFor(lang: string | undefined): Texts {
  return (lang && TEXTS[lang]) || lo;
}

const SYMBOL_TEXT: Record<string, TextKey> = { CHERRY: 'symbolCherry', BELL: 'symbolBell' };

/** A slot symbol's name in the page's language; a card letter or a number is its own name. */
export function symbolName(texts: Texts, symbol: string): string {
  const key = SYMBOL_TEXT[symbol];
  return key ? texts[key] : symbol;
}

/** 'Line {line}' with { line: 8 } → 'Line 8'. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

const ERROR_TEXT: Record<string, TextKey> = {
  CREDIT_NOT_ENOUGH: 'noCredit',
  GAME_ROUND_OPEN: 'roundOpen',
  STUDIO_SESSION_INVALID: 'sessionEnded',
  ROUND_NOT_FOUND: 'sessionEnded',
  LAUNCH_TOKEN_INVALID: 'tokenUsed',
  LAUNCH_TOKEN_EXPIRED: 'tokenExpired',
  GAME_NOT_FOUND: 'unavailable',
  SANDBOX_DISABLED: 'unavailable',
  NOT_FOUND: 'unavailable',
  GAME_DISABLED: 'disabled',
  OFFLINE: 'offline',
  PLAYER_TIMED_OUT: 'playStopped',
  PLAYER_SELF_EXCLUDED: 'playStopped',
  PLAY_TIME_LIMIT_REACHED: 'playTimeReached',
};

/** The text for a refusal code of the studio API (or OFFLINE when the call never got an answer). */
export function errorText(texts: Texts, code: string): string {
  return texts[ERROR_TEXT[code] ?? 'generic'];
}
