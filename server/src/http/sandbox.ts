import type { components } from '../contract/types';
import { paySandboxQr } from '../domain/deposits';
import type { HandlerMap } from './types';

export const sandboxHandlers: HandlerMap = {
  async paySandboxQr(req, _reply, ctx): Promise<components['schemas']['SandboxPayment']> {
    return paySandboxQr(ctx, (req.body as { qrText: string }).qrText);
  },
};
