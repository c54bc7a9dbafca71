<?php
/*
 * Plugin Name: Test shop offline
 * Description: The test shop has no mail program and no internet: every mail WordPress sends is appended to
 * wp-content/mail.log as one JSON line instead.
 */
add_filter('pre_wp_mail', static function ($short, array $atts) {
    $line = wp_json_encode(['to' => $atts['to'], 'subject' => $atts['subject']]) . "\n";
    file_put_contents(WP_CONTENT_DIR . '/mail.log', $line, FILE_APPEND | LOCK_EX);
    return true;
}, 10, 2);

// No internet here (WP_HTTP_BLOCK_EXTERNAL): WordPress's update checks and the plugin directory
// are answered "nothing new" locally instead of failing with a warning in the debug log.
$nothing_new = static fn () => (object) ['last_checked' => time(), 'version_checked' => get_bloginfo('version'), 'updates' => [], 'response' => [], 'translations' => []];
add_filter('pre_site_transient_update_core', $nothing_new);
add_filter('pre_site_transient_update_plugins', $nothing_new);
add_filter('pre_site_transient_update_themes', $nothing_new);
add_filter('plugins_api', static fn ($result, $action) => $result ?: ($action === 'query_plugins'
    ? (object) ['plugins' => [], 'info' => ['page' => 1, 'pages' => 0, 'results' => 0]]
    : new WP_Error('offline', 'The test shop has no internet.')), 10, 2);
