import { LegalDocument } from '../components/legal/LegalDocument';
import { messages } from '../i18n';

/** /privacy-policy */
export default function PrivacyPolicyScreen() {
  return <LegalDocument content={messages.privacyPolicy} />;
}
