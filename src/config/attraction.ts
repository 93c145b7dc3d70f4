// The attraction this site is for. White-label data lives in config/attraction.json, not in code.
import attraction from '../../config/attraction.json';

export type Attraction = typeof attraction;
export const ATTRACTION: Attraction = attraction;
export const BRAND = attraction.brand;
export const TIME_ZONE = attraction.timeZone;
