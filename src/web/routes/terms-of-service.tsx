import { LegalDocument } from '../components/legal/LegalDocument';
import { messages } from '../i18n';

/** /terms-of-service */
export default function TermsOfServiceScreen() {
  return <LegalDocument content={messages.termsOfService} />;
}
