// Where the deck's count stands against its limit (decision 0045): normal below the warning share, near
// from it, full at the limit and over it.
import { describe, expect, it } from 'vitest';
import { occupancyLevel } from '@/universal/occupancy-level';

describe('occupancyLevel', () => {
  it('warns from 90 % of the limit and alarms at the limit', () => {
    expect(occupancyLevel({ inside: 0, limit: 400 }, 90)).toBe('normal');
    expect(occupancyLevel({ inside: 359, limit: 400 }, 90)).toBe('normal');
    expect(occupancyLevel({ inside: 360, limit: 400 }, 90)).toBe('near');
    expect(occupancyLevel({ inside: 399, limit: 400 }, 90)).toBe('near');
    expect(occupancyLevel({ inside: 400, limit: 400 }, 90)).toBe('full');
    expect(occupancyLevel({ inside: 420, limit: 400 }, 90)).toBe('full');
  });
});
