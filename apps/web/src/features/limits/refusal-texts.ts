/**
 * The texts of a limit in the way (a refusal or an over-limit note from @hyn/validators' limit rules,
 * by key) in the page's language. Apart from the bars and the New Request button, which only need the
 * rules to know whether a limit is in the way, so that the English of every message loads when one is
 * (useRefusalTexts) and not with the dashboard.
 */
export { errorText as refusalText } from "../../i18n/errorText";
