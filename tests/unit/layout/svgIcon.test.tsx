import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import { render } from '@testing-library/react';
import { SvgIcon } from '@/ui/SvgIcon';

describe('an icon drawn from its SVG definition', () => {
  it('keeps the SVG attributes of its paths, written as React names them (no DOM property warning)', () => {
    const warnings = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { container } = render(<SvgIcon icon={CloseOutlined} />);
      const svg = container.querySelector('svg')!;
      expect(svg.getAttribute('viewBox')).toBe('64 64 896 896');
      expect(svg.getAttribute('fill')).toBe('currentColor');
      // CloseOutlined's definition has fill-rule on its SVG.
      expect(container.querySelector('[fill-rule="evenodd"]')).not.toBeNull();
      expect(warnings).not.toHaveBeenCalled();
    } finally {
      warnings.mockRestore();
    }
  });
});
