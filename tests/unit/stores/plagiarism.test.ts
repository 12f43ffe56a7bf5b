import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/lib/api/client.ts';
import * as plagiarismApi from '../../../src/lib/api/plagiarism.ts';
import * as toolsApi from '../../../src/lib/api/tools.ts';
import { $checker, resetChecker, setText, startCheck } from '../../../src/stores/plagiarism.ts';
import { $user, emptyUser } from '../../../src/stores/user.ts';

vi.mock('../../../src/lib/api/tools.ts', () => ({
  quoteTool: vi.fn(async () => ({ productSettlements: { '5': { showPrice: 3, payPrice: 3, unit: 'beans' } }, wordCount: 8 })),
  createToolOrder: vi.fn(async () => ({ orderNo: 'IWP1', status: 0 })),
  payToolOrder: vi.fn(async () => ({ orderNo: 'IWP1', status: 30, paid: true })),
}));
vi.mock('../../../src/lib/api/plagiarism.ts', () => ({ fetchPlagiarism: vi.fn() }));
vi.mock('../../../src/stores/user.ts', async (original) => ({ ...(await original<typeof import('../../../src/stores/user.ts')>()), fetchBalance: vi.fn(async () => undefined), ensureFreshToken: vi.fn(async () => undefined) }));

describe('the plagiarism checker store', () => {
  beforeEach(() => {
    resetChecker();
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    vi.clearAllMocks();
  });

  it('[HUM-23] [TOOL-03] a lost connection while a paid check is polled closes the loader, logs it, and says the check goes on', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(plagiarismApi.fetchPlagiarism).mockRejectedValueOnce(new ApiError('We could not reach the server.', 2));
    setText('An essay of my own about sleep and school hours.');
    await startCheck();
    expect($checker.get()).toMatchObject({ phase: 'idle', problem: { message: 'We could not reach the server.', continues: true } });
    expect(toolsApi.payToolOrder).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
