import { classesIn, firstPaintStyles, pruneUnusedRules } from '@/prerender/firstPaintStyles';

const markup =
  '<form class="ant-form css-x"><button class="ant-btn ant-btn-primary css-x">Go</button></form>';
const used = classesIn(markup);

describe("a server-rendered page's inline antd styles", () => {
  it('keep the rules its elements match, hover and focus included', () => {
    const css = '.ant-btn{color:red}.ant-btn-primary:hover{color:blue}:where(.css-x).ant-form{margin:0}';
    expect(pruneUnusedRules(css, used)).toBe(css);
  });

  it('drop the rules for elements the page does not draw', () => {
    const css = '.ant-btn{color:red}.ant-col-xs-7{width:29%}.ant-table .ant-btn{margin:0}';
    expect(pruneUnusedRules(css, used)).toBe('.ant-btn{color:red}');
  });

  it('keep a rule that only excludes a class, or names it among alternatives', () => {
    const css =
      '.ant-btn:not(.ant-btn-disabled):hover{color:red}.ant-btn:is(.ant-btn-dangerous,.ant-btn-primary){color:blue}';
    expect(pruneUnusedRules(css, used)).toBe(css);
  });

  it('read an attribute value as a value, not a class', () => {
    const css = '.ant-btn[href$=".pdf"]{color:red}';
    expect(pruneUnusedRules(css, used)).toBe(css);
  });

  it('keep the used selectors of a list, and media and keyframes they need', () => {
    const css =
      '@media (max-width:575px){.ant-col-xs-7{width:29%}.ant-btn,.ant-table{padding:0}}@keyframes spin{from{opacity:0}to{opacity:1}}';
    expect(pruneUnusedRules(css, used)).toBe(
      '@media (max-width:575px){.ant-btn{padding:0}}@keyframes spin{from{opacity:0}to{opacity:1}}',
    );
  });

  it('apply to each style element and drop the emptied ones', () => {
    const head =
      '<style data-css-hash="a">.ant-btn{color:red}</style><style data-css-hash="b">.ant-col-xs-7{width:29%}</style>';
    expect(firstPaintStyles(head, markup)).toBe('<style data-css-hash="a">.ant-btn{color:red}</style>');
  });
});
