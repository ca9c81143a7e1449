import type { Queryable } from './types';

type Language = 'lo' | 'th' | 'cn' | 'vn';

interface SeededPromotion {
  id: string;
  imageUrl: string;
  /** Days from the first seed to the end; negative: ended already. */
  endsInDays: number;
  texts: Record<Language, { title: string; description: string }>;
}

/**
 * The seeded promotions' texts in every language, artwork and end (the promotions themselves are
 * seedMoney's). Idempotent and gentle with operator changes: a text is only inserted when missing, and the
 * artwork and end only filled in while empty, so `npm run ops -- promotions …` edits survive a restart.
 * Not inside seedMoney: that one also seeds databases older than migration 010 (ledgerUpgrade test).
 */
export async function seedPromotions(db: Queryable): Promise<void> {
  for (const p of SEEDED) {
    const exists = await db.query('SELECT 1 FROM promotions WHERE id = $1', [p.id]);
    if (exists.rows.length === 0) continue;
    for (const [lang, text] of Object.entries(p.texts)) {
      await db.query(
        `INSERT INTO promotion_texts (promotion_id, lang, title, description) VALUES ($1, $2, $3, $4)
         ON CONFLICT (promotion_id, lang) DO NOTHING`,
        [p.id, lang, text.title, text.description],
      );
    }
    await db.query('UPDATE promotions SET image_url = $2 WHERE id = $1 AND image_url IS NULL', [
      p.id,
      p.imageUrl,
    ]);
    await db.query(
      `UPDATE promotions SET ends_at = date_trunc('hour', app_now()) + make_interval(days => $2)
       WHERE id = $1 AND ends_at IS NULL`,
      [p.id, p.endsInDays],
    );
  }
}

const SEEDED: SeededPromotion[] = [
  {
    id: 'welcome-100',
    imageUrl: '/promotions/welcome.svg',
    endsInDays: 365,
    texts: {
      lo: {
        title: 'ໂບນັດຕ້ອນຮັບ 20%',
        description: 'ຮັບເຄຣດິດເພີ່ມ 20% ເມື່ອຝາກຄັ້ງທຳອິດ 100.000 ກີບ (ສູງສຸດ 500 ບາດ).',
      },
      th: {
        title: 'โบนัสต้อนรับ 20%',
        description: 'รับเครดิตเพิ่ม 20% เมื่อฝากครั้งแรก 100.000 กีบ (สูงสุด 500 บาท)',
      },
      cn: {
        title: '新人欢迎奖金 20%',
        description: '首次存款 100.000 基普，额外获得 20% 积分（最高 500 泰铢）。',
      },
      vn: {
        title: 'Thưởng chào mừng 20%',
        description: 'Nhận thêm 20% tín dụng cho lần nạp đầu tiên 100.000 LAK (tối đa 500 THB).',
      },
    },
  },
  {
    id: 'daily-10',
    imageUrl: '/promotions/daily.svg',
    endsInDays: 180,
    texts: {
      lo: { title: 'ໂບນັດປະຈຳວັນ 10%', description: 'ຮັບເຄຣດິດເພີ່ມ 10% ເມື່ອຝາກ 200.000 ກີບ (ສູງສຸດ 200 ບາດ).' },
      th: { title: 'โบนัสรายวัน 10%', description: 'รับเครดิตเพิ่ม 10% เมื่อฝาก 200.000 กีบ (สูงสุด 200 บาท)' },
      cn: { title: '每日奖金 10%', description: '存款 200.000 基普，额外获得 10% 积分（最高 200 泰铢）。' },
      vn: {
        title: 'Thưởng mỗi ngày 10%',
        description: 'Nhận thêm 10% tín dụng khi nạp 200.000 LAK (tối đa 200 THB).',
      },
    },
  },
  {
    id: 'slot-50',
    imageUrl: '/promotions/slots.svg',
    // Ends soon: the list shows a short time left.
    endsInDays: 3,
    texts: {
      lo: { title: 'ຄົນຮັກສະລັອດ 50%', description: 'ຮັບເຄຣດິດເພີ່ມ 50% ເມື່ອຝາກ 500.000 ກີບ (ສູງສຸດ 300 ບາດ).' },
      th: { title: 'คนรักสล็อต 50%', description: 'รับเครดิตเพิ่ม 50% เมื่อฝาก 500.000 กีบ (สูงสุด 300 บาท)' },
      cn: {
        title: '老虎机爱好者 50%',
        description: '存款 500.000 基普，额外获得 50% 积分（最高 300 泰铢）。',
      },
      vn: {
        title: 'Dành cho fan slot 50%',
        description: 'Nhận thêm 50% tín dụng khi nạp 500.000 LAK (tối đa 300 THB).',
      },
    },
  },
  {
    id: 'songkran-30',
    imageUrl: '/promotions/songkran.svg',
    endsInDays: -30,
    texts: {
      lo: {
        title: 'ບຸນປີໃໝ່ 30%',
        description: 'ໂປຣໂມຊັນບຸນປີໃໝ່ລາວ: ເຄຣດິດເພີ່ມ 30% ເມື່ອຝາກ 150.000 ກີບ. ໂປຣໂມຊັນນີ້ສິ້ນສຸດແລ້ວ.',
      },
      th: {
        title: 'สงกรานต์ 30%',
        description: 'โปรโมชันเทศกาลสงกรานต์: เครดิตเพิ่ม 30% เมื่อฝาก 150.000 กีบ โปรโมชันนี้สิ้นสุดแล้ว',
      },
      cn: {
        title: '宋干节 30%',
        description: '宋干节活动：存款 150.000 基普额外获得 30% 积分。本活动已结束。',
      },
      vn: {
        title: 'Tết Songkran 30%',
        description:
          'Khuyến mãi lễ Songkran: thêm 30% tín dụng khi nạp 150.000 LAK. Khuyến mãi này đã kết thúc.',
      },
    },
  },
];
