import { LegalDocument } from '../components/legal/LegalDocument';
import { messages } from '../i18n';

/** /legal-notice */
export default function LegalNoticeScreen() {
  return <LegalDocument content={messages.legalNotice} />;
}
