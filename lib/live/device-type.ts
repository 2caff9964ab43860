export const deviceTypes = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceType = (typeof deviceTypes)[number];

// Tablets first: Android tablets omit "Mobile", iPads say "iPad", and both would otherwise read as phones.
const tabletPattern = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i;
const mobilePattern = /Mobi|iPhone|iPod|Android|BlackBerry|BB10|IEMobile|Opera Mini|webOS/i;

export function deviceTypeFromUserAgent(userAgent: string): DeviceType {
  if (tabletPattern.test(userAgent)) return 'tablet';
  if (mobilePattern.test(userAgent)) return 'mobile';
  return 'desktop';
}
