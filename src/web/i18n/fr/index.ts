import { appScreens } from './app-screens';
import { common } from './common';
import { landing } from './landing';
import { layout } from './layout';
import { legal } from './legal';
import { legalNotice } from './legal-notice';
import { notFound } from './not-found';
import { outbox } from './outbox';
import { privacyPolicy } from './privacy-policy';
import { publicScreens } from './public-screens';
import { termsOfService } from './terms-of-service';

/** The French catalogue: one entry per screen file. */
export const fr = {
  common,
  layout,
  appScreens,
  publicScreens,
  landing,
  legal,
  privacyPolicy,
  termsOfService,
  legalNotice,
  notFound,
  outbox,
};
