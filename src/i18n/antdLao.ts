import type { Locale } from 'antd/es/locale';

type PickerLocale = NonNullable<Locale['DatePicker']>;

// antd ships no Lao locale, and Thai (the closest it has) showed Thai words on Lao pages. This one is written
// for this site, key for key after antd's en_US (tests/unit/antdLao.test.tsx checks none is missing).

/** The date cells and panels' own words; dates themselves are laid out by dayjs's `lo` locale. */
const calendar = {
  locale: 'lo_LA',
  yearFormat: 'YYYY',
  dayFormat: 'D',
  cellMeridiemFormat: 'A',
  monthBeforeYear: true,
  today: 'ມື້ນີ້',
  now: 'ຕອນນີ້',
  backToToday: 'ກັບໄປມື້ນີ້',
  ok: 'ຕົກລົງ',
  clear: 'ລຶບລ້າງ',
  week: 'ອາທິດ',
  month: 'ເດືອນ',
  year: 'ປີ',
  timeSelect: 'ເລືອກເວລາ',
  dateSelect: 'ເລືອກວັນທີ',
  weekSelect: 'ເລືອກອາທິດ',
  monthSelect: 'ເລືອກເດືອນ',
  yearSelect: 'ເລືອກປີ',
  decadeSelect: 'ເລືອກທົດສະວັດ',
  previousMonth: 'ເດືອນກ່ອນ',
  nextMonth: 'ເດືອນໜ້າ',
  previousYear: 'ປີກ່ອນ',
  nextYear: 'ປີໜ້າ',
  previousDecade: 'ທົດສະວັດກ່ອນ',
  nextDecade: 'ທົດສະວັດໜ້າ',
  previousCentury: 'ສະຕະວັດກ່ອນ',
  nextCentury: 'ສະຕະວັດໜ້າ',
};

const timePicker: PickerLocale['timePickerLocale'] = {
  placeholder: 'ເລືອກເວລາ',
  rangePlaceholder: ['ເວລາເລີ່ມ', 'ເວລາສິ້ນສຸດ'],
};

const datePicker: PickerLocale = {
  lang: {
    placeholder: 'ເລືອກວັນທີ',
    yearPlaceholder: 'ເລືອກປີ',
    quarterPlaceholder: 'ເລືອກໄຕມາດ',
    monthPlaceholder: 'ເລືອກເດືອນ',
    weekPlaceholder: 'ເລືອກອາທິດ',
    rangePlaceholder: ['ວັນທີເລີ່ມ', 'ວັນທີສິ້ນສຸດ'],
    rangeYearPlaceholder: ['ປີເລີ່ມ', 'ປີສິ້ນສຸດ'],
    rangeQuarterPlaceholder: ['ໄຕມາດເລີ່ມ', 'ໄຕມາດສິ້ນສຸດ'],
    rangeMonthPlaceholder: ['ເດືອນເລີ່ມ', 'ເດືອນສິ້ນສຸດ'],
    rangeWeekPlaceholder: ['ອາທິດເລີ່ມ', 'ອາທິດສິ້ນສຸດ'],
    ...calendar,
  },
  timePickerLocale: timePicker,
};

/** antd's form rules' messages; ${…} are antd's own placeholders, filled in by the form. */
const typeTemplate = '${label} ບໍ່ແມ່ນ ${type} ທີ່ຖືກຕ້ອງ';

export const antdLao: Locale = {
  locale: 'lo',
  Pagination: {
    items_per_page: '/ ໜ້າ',
    jump_to: 'ໄປທີ່ໜ້າ',
    jump_to_confirm: 'ຢືນຢັນ',
    page: 'ໜ້າ',
    prev_page: 'ໜ້າກ່ອນ',
    next_page: 'ໜ້າຕໍ່ໄປ',
    prev_5: 'ຍ້ອນກັບ 5 ໜ້າ',
    next_5: 'ຕໍ່ໄປ 5 ໜ້າ',
    prev_3: 'ຍ້ອນກັບ 3 ໜ້າ',
    next_3: 'ຕໍ່ໄປ 3 ໜ້າ',
    page_size: 'ຈຳນວນຕໍ່ໜ້າ',
  },
  DatePicker: datePicker,
  TimePicker: timePicker,
  Calendar: datePicker,
  global: {
    placeholder: 'ກະລຸນາເລືອກ',
    close: 'ປິດ',
    sortable: 'ຈັດລຽງໄດ້',
    show: 'ສະແດງ',
    hide: 'ເຊື່ອງ',
  },
  Table: {
    filterTitle: 'ຕົວກອງ',
    filterConfirm: 'ຕົກລົງ',
    filterReset: 'ລ້າງຄ່າ',
    filterEmptyText: 'ບໍ່ມີຕົວກອງ',
    filterCheckAll: 'ເລືອກທຸກລາຍການ',
    filterSearchPlaceholder: 'ຄົ້ນຫາໃນຕົວກອງ',
    emptyText: 'ບໍ່ມີຂໍ້ມູນ',
    selectAll: 'ເລືອກທັງໝົດໃນໜ້ານີ້',
    selectInvert: 'ສະຫຼັບການເລືອກໃນໜ້ານີ້',
    selectNone: 'ລ້າງການເລືອກທັງໝົດ',
    selectionAll: 'ເລືອກຂໍ້ມູນທັງໝົດ',
    sortTitle: 'ຈັດລຽງ',
    expand: 'ຂະຫຍາຍແຖວ',
    collapse: 'ຫຍໍ້ແຖວ',
    triggerDesc: 'ກົດເພື່ອລຽງຈາກຫຼາຍຫາໜ້ອຍ',
    triggerAsc: 'ກົດເພື່ອລຽງຈາກໜ້ອຍຫາຫຼາຍ',
    cancelSort: 'ກົດເພື່ອຍົກເລີກການຈັດລຽງ',
  },
  Tour: {
    Next: 'ຕໍ່ໄປ',
    Previous: 'ກ່ອນໜ້າ',
    Finish: 'ສຳເລັດ',
  },
  Modal: {
    okText: 'ຕົກລົງ',
    cancelText: 'ຍົກເລີກ',
    justOkText: 'ຕົກລົງ',
  },
  Popconfirm: {
    okText: 'ຕົກລົງ',
    cancelText: 'ຍົກເລີກ',
  },
  Transfer: {
    titles: ['', ''],
    searchPlaceholder: 'ຄົ້ນຫາຢູ່ນີ້',
    itemUnit: 'ລາຍການ',
    itemsUnit: 'ລາຍການ',
    remove: 'ເອົາອອກ',
    selectCurrent: 'ເລືອກທັງໝົດໃນໜ້ານີ້',
    removeCurrent: 'ເອົາອອກທັງໝົດໃນໜ້ານີ້',
    selectAll: 'ເລືອກຂໍ້ມູນທັງໝົດ',
    deselectAll: 'ຍົກເລີກການເລືອກທັງໝົດ',
    removeAll: 'ເອົາຂໍ້ມູນອອກທັງໝົດ',
    selectInvert: 'ສະຫຼັບການເລືອກໃນໜ້ານີ້',
  },
  Upload: {
    uploading: 'ກຳລັງອັບໂຫຼດ...',
    removeFile: 'ລຶບໄຟລ໌',
    uploadError: 'ອັບໂຫຼດບໍ່ສຳເລັດ',
    previewFile: 'ເບິ່ງໄຟລ໌',
    downloadFile: 'ດາວໂຫຼດໄຟລ໌',
  },
  Empty: {
    description: 'ບໍ່ມີຂໍ້ມູນ',
  },
  Icon: {
    icon: 'ໄອຄອນ',
  },
  Text: {
    edit: 'ແກ້ໄຂ',
    copy: 'ສຳເນົາ',
    copied: 'ສຳເນົາແລ້ວ',
    expand: 'ເບິ່ງເພີ່ມ',
    collapse: 'ຫຍໍ້ລົງ',
  },
  Carousel: {
    prevSlide: 'ສະໄລກ່ອນໜ້າ',
    nextSlide: 'ສະໄລຕໍ່ໄປ',
  },
  Form: {
    optional: '(ບໍ່ບັງຄັບ)',
    defaultValidateMessages: {
      default: 'ຂໍ້ມູນຂອງ ${label} ບໍ່ຖືກຕ້ອງ',
      required: 'ກະລຸນາປ້ອນ ${label}',
      enum: '${label} ຕ້ອງເປັນໜຶ່ງໃນ [${enum}]',
      whitespace: '${label} ບໍ່ສາມາດເປັນຊ່ອງຫວ່າງເປົ່າໄດ້',
      date: {
        format: 'ຮູບແບບວັນທີຂອງ ${label} ບໍ່ຖືກຕ້ອງ',
        parse: '${label} ບໍ່ສາມາດປ່ຽນເປັນວັນທີໄດ້',
        invalid: '${label} ເປັນວັນທີທີ່ບໍ່ຖືກຕ້ອງ',
      },
      types: {
        string: typeTemplate,
        method: typeTemplate,
        array: typeTemplate,
        object: typeTemplate,
        number: typeTemplate,
        date: typeTemplate,
        boolean: typeTemplate,
        integer: typeTemplate,
        float: typeTemplate,
        regexp: typeTemplate,
        email: typeTemplate,
        url: typeTemplate,
        hex: typeTemplate,
      },
      string: {
        len: '${label} ຕ້ອງມີ ${len} ຕົວອັກສອນ',
        min: '${label} ຕ້ອງມີຢ່າງໜ້ອຍ ${min} ຕົວອັກສອນ',
        max: '${label} ມີໄດ້ບໍ່ເກີນ ${max} ຕົວອັກສອນ',
        range: '${label} ຕ້ອງມີ ${min}-${max} ຕົວອັກສອນ',
      },
      number: {
        len: '${label} ຕ້ອງເທົ່າກັບ ${len}',
        min: '${label} ຕ້ອງບໍ່ຕ່ຳກວ່າ ${min}',
        max: '${label} ຕ້ອງບໍ່ເກີນ ${max}',
        range: '${label} ຕ້ອງຢູ່ລະຫວ່າງ ${min}-${max}',
      },
      array: {
        len: 'ຕ້ອງມີ ${len} ${label}',
        min: 'ຢ່າງໜ້ອຍ ${min} ${label}',
        max: 'ບໍ່ເກີນ ${max} ${label}',
        range: 'ຈຳນວນ ${label} ຕ້ອງຢູ່ລະຫວ່າງ ${min}-${max}',
      },
      pattern: {
        mismatch: '${label} ບໍ່ກົງກັບຮູບແບບ ${pattern}',
      },
    },
  },
  QRCode: {
    expired: 'ລະຫັດ QR ໝົດອາຍຸແລ້ວ',
    refresh: 'ໂຫຼດໃໝ່',
    scanned: 'ສະແກນແລ້ວ',
  },
  ColorPicker: {
    presetEmpty: 'ບໍ່ມີ',
    transparent: 'ໂປ່ງໃສ',
    singleColor: 'ສີດຽວ',
    gradientColor: 'ສີໄລ່ລະດັບ',
  },
};
